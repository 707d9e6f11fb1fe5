"""The score sheet for physical tables (RULES.md §6): each deal's contract, declarers and tricks
are entered by hand, the preset's table gives every player's points, with running totals,
referee's penalties and CSV/JSON export.

A :class:`Sheet` is an immutable value: :meth:`Sheet.add` returns a new sheet or raises
:class:`SheetError` (a bilingual :class:`~whist.cards.Refusal`) naming what is impossible, so
nothing already entered is ever lost.

>>> s = Sheet.new("couleur", {"N": "Anne", "E": "Bert", "S": "Carla", "W": "Dirk"})
>>> s = s.add(parse_entry("solo 7", "N", "8", trump="H"))
>>> s = s.add(parse_entry("penalty", "W"))
>>> s.totals()
{'N': 21, 'E': -7, 'S': -7, 'W': -22}
"""

from __future__ import annotations

import csv
import difflib
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Protocol

from whist.auction import ladder, not_on_ladder
from whist.cards import (
    SEATS,
    Lang,
    ParseError,
    Refusal,
    Seat,
    Suit,
    parse_seat,
    parse_suit,
    plain_number,
    seat_names,
    visible_text,
)
from whist.contracts import KINDS, Contract, LevelError, parse_contract
from whist.rules import Rules, RulesError
from whist.rules import preset as get_preset
from whist.tables import (
    TableError,
    dames_points,
    declarers_refused,
    made,
    needed_tricks,
    score,
    tricks_out_of_range,
)
from whist.wording import CSV_ROWS, FRENCH_COLUMNS, FRENCH_NAMES, TERMINAL, Wording

__all__ = [
    "NAME_COLUMNS", "PENALTY", "TERMINAL", "Entry", "Sheet", "SheetError", "Wording", "csv_rows",
    "names_from_csv", "names_row", "parse_entry", "parse_tricks", "read_csv", "row_fields", "seat_words",
    "stored_lang",
]

PENALTY = -15
"""A referee's penalty: −15 to the offender (D15: the one entry that is not zero-sum)."""

SHEET_FORMAT = "whist-sheet/1"
CSV_FIELDS = ("contract", "declarers", "tricks", "trump", "needed", "queens", "double")
NAME_COLUMNS = tuple(f"name_{s.name}" for s in SEATS)
"""The players' names, on every row of an export (of either game), so that an import, or a
spreadsheet's sort, keeps them."""
_CSV_COLUMNS = (*CSV_FIELDS, *(f"points_{s.name}" for s in SEATS), *(f"total_{s.name}" for s in SEATS),
                *NAME_COLUMNS)
"""The columns an export writes: the entry's, each player's points and running total, the names."""


class SheetError(Refusal):
    """An entry the sheet refuses: the message says what is impossible, in English (``str``) and
    in French (``fr``)."""

    @classmethod
    def of(cls, exc: Refusal, en: str = "", fr: str = "") -> SheetError:
        """``exc`` (a refusal of the cards, contracts or tables) as the sheet's, its text after
        ``en`` in English and ``fr`` in French (``names: ``, ``noms : ``)."""
        return cls(en + exc.en, fr + exc.fr)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the sheet: a deal (contract, declarers, tricks) or a penalty (``contract``
    ``None``, the offender in ``declarers``)."""

    contract: Contract | None
    declarers: tuple[Seat, ...]
    tricks: tuple[tuple[Seat, int], ...] = ()
    queens: tuple[tuple[Seat, int], ...] = ()
    needed: int = 8
    multiplier: int = 1

    def tricks_text(self, sep: str = ";", letter: Callable[[Seat], str] = lambda s: s.name) -> str:
        """The tricks as they are typed: ``9``, the declarers' together (a pair's emballage or
        trou), or ``N=0;E=1``, each declarer's (a misère or piccolo of two): :func:`parse_tricks`
        reads either back to the same entry. ``letter`` writes a seat (French ``O`` for West)."""
        if len(self.tricks) == 1 and self.declarers and self.tricks[0][0] is self.declarers[0]:
            return str(self.tricks[0][1])
        return sep.join(f"{letter(s)}={n}" for s, n in self.tricks)

    def to_row(self) -> dict[str, str]:
        """The entry as a CSV row (the columns of ``CSV_FIELDS``)."""
        c = self.contract
        return {
            "contract": "penalty" if c is None else (c.text if c.suit is None else
                                                     Contract(c.kind, c.level).text),
            "declarers": "+".join(s.name for s in self.declarers),
            "tricks": self.tricks_text(),
            "trump": c.suit.letter if c is not None and c.suit is not None else "",
            "needed": str(self.needed) if c is not None and c.kind == "trou" else "",
            "queens": ";".join(f"{s.name}={n}" for s, n in self.queens),
            "double": "2" if self.multiplier == 2 else "",
        }


def parse_tricks(text: str, declarers: Sequence[Seat],
                 what: tuple[str, str] = ("tricks", "plis"), wording: Wording = TERMINAL) -> dict[Seat, int]:
    """``8`` (the declarers' tricks together, given to the first) or ``N=0,E=1`` / ``N=0;E=1``
    (``what`` they count, in English and French, for the refusals: the queens of the queens game
    are read so too; ``wording``: how a refusal says to give a number). A seat named twice is
    refused (the last one counted, and a sheet took the wrong score: ``N=0,E=1,N=2``)."""
    t = text.strip()
    if not t:
        return {}
    out: dict[Seat, int] = {}
    if "=" not in t:
        if not declarers:  # no first declarer to give a count alone to (the queens: each seat's)
            raise SheetError(f"{what[0]} {text!r}: write seat={what[0]} pairs, like N=2,E=1,S=1",
                             f"{what[1]} « {text} » : tapez des paires place={what[1]}, comme N=2,E=1,S=1")
        try:
            out[declarers[0]] = _whole(t)
        except ValueError:
            raise wording.refusal(SheetError, "{what} {given!r}: {tricks_number}",
                                  "{what_fr} « {given} » : {tricks_number}", what=what[0],
                                  what_fr=what[1], given=text) from None
        return out
    for part in t.replace(";", ",").split(","):
        seat_txt, _, n = part.partition("=")
        try:
            seat = parse_seat(seat_txt)
            count = _whole(n)
        except (ParseError, ValueError):
            raise SheetError(f"{what[0]} {text!r}: write seat={what[0]} pairs, like N=0,E=1",
                             f"{what[1]} « {text} » : tapez des paires place={what[1]},"
                             " comme N=0,E=1") from None
        if seat in out:
            raise SheetError(f"{what[0]} {text!r}: {seat.name} is named twice",
                             f"{what[1]} « {text} » : {seat.name_fr} est nommé deux fois")
        out[seat] = count
    return out


def _whole(text: str) -> int:
    """A whole number as people type one (:func:`~whist.cards.plain_number`: int() alone reads
    1_0 as 10 and ٨ as 8); ``ValueError`` else."""
    if not plain_number(text):
        raise ValueError(text)
    return int(text)


def seat_words(text: str) -> list[str]:
    """The words of ``text`` that name seats: ``N,E``, ``N+E`` or ``N E``."""
    return [w for w in text.replace("+", ",").replace(" ", ",").split(",") if w]


def _seats(text: str, role: tuple[str, str] = ("declarers", "preneurs")) -> tuple[Seat, ...]:
    """The seats of ``text`` (``N,E``, ``N+E``); a word that is no seat is refused, naming the
    ``role`` of the seats asked for (in English and French)."""
    words = seat_words(text)
    en, fr = f"{role[0]} {text!r}: ", f"{role[1]} « {text} » : "
    try:
        seats = tuple(parse_seat(w) for w in words)
    except ParseError as exc:
        raise SheetError.of(exc, en, fr) from None
    twice = [s for i, s in enumerate(seats) if s in seats[:i]]
    if twice:
        raise SheetError(f"{en}{twice[0].name} is named twice", f"{fr}{twice[0].name_fr} est nommé deux fois")
    return seats


def _no_declarers(wording: Wording = TERMINAL) -> SheetError:
    """The refusal of a deal whose declarers are not named (``wording``: how to name them)."""
    return wording.refusal(SheetError, "name the declarers, {declarers_eg}",
                           "nommez les preneurs, {declarers_eg}")


_PENALTY_WORDS = {"penalty", "pénalité", "penalite", "pénalite", "arbitre", "referee"}


def parse_entry(contract: str, declarers: str = "", tricks: str = "", trump: str = "",
                needed: str = "", queens: str = "", double: str = "", lang: Lang = "en",
                wording: Wording = TERMINAL, *, from_csv: bool = False) -> Entry:
    """An entry from the words a person types or a CSV row holds. A level its kind has at no
    table is read too: whether the contract is on the sheet's table, and which levels its kind
    has there, the sheet says when the entry is added, in the auction's words. The suit letter
    ``C`` is clubs in English and cœur in French (``lang``), as everywhere cards are typed;
    ``wording``: how a refusal says to give what is missing. A pair's tricks given by seat name
    both declarers, but ``from_csv``, where an older export wrote them under the first alone
    (``N=9``)."""
    if contract.strip().lower() in _PENALTY_WORDS:
        offender = _seats(declarers, ("offender", "fautif"))
        if len(offender) != 1:
            raise wording.refusal(SheetError, "a penalty names one offender, e.g. {offender}",
                                  "une pénalité nomme un seul fautif, par exemple {offender}")
        stray = [name for name, value in (("tricks", tricks), ("trump", trump), ("needed", needed),
                                          ("queens", queens), ("double", double)) if value.strip()]
        if stray:  # (they were dropped without a word: a deal's fields given to a penalty by mistake)
            raise SheetError(f"a penalty takes only its offender, not {', '.join(stray)}: leave them out",
                             f"une pénalité ne prend que son fautif, pas {', '.join(stray)} : ne les"
                             " donnez pas")
        return Entry(None, offender)
    decl = _seats(declarers)
    try:
        try:
            c = parse_contract(contract, lang=lang)
        except LevelError as exc:
            if exc.contract is None:
                raise
            c = exc.contract
        suit: Suit | None = parse_suit(trump, lang) if trump.strip() else c.suit
    except ParseError as exc:
        raise SheetError.of(exc) from None
    if c.suit is not None and suit is not None and suit is not c.suit:  # "solo 7 ♥", trump ♠: which?
        raise SheetError(f"{c.text} names its trump, {c.suit.name_en}, and the trump given is"
                         f" {suit.name_en}: give it once",
                         f"{c.text_fr} nomme son atout, {c.suit.name_fr}, et l'atout donné est"
                         f" {suit.name_fr} : donnez-le une seule fois")
    if KINDS[c.kind].suited:
        c = Contract(c.kind, c.level, suit)
    elif trump.strip() and c.kind == "trou" and not from_csv:  # taken, then dropped unsaid, it was
        # (a row of a sheet's file or a CSV that gives one, edited by hand, still reads: the
        # trump changes nothing there)
        raise wording.refusal(SheetError, "a trou's trump is not counted: its points depend on the"
                              " tricks it needs, 8 or 9 ({needed}); leave out the trump",
                              "l'atout d'un trou ne compte pas : ses points dépendent des plis"
                              " demandés, 8 ou 9 ({needed}) ; ne donnez pas d'atout")
    elif trump.strip() and c.kind != "trou":
        raise SheetError(f"{KINDS[c.kind].en} has no trump: leave out the trump",
                         f"{KINDS[c.kind].fr_the} se joue sans atout : ne donnez pas d'atout")
    if c.kind == "dames":
        if decl or tricks.strip():
            raise wording.refusal(SheetError,
                                  "the queens game has no declarers and no tricks: give {queens_taken}",
                                  "la misère par les dames n'a ni preneurs ni plis : donnez {queens_taken}")
    elif queens.strip():
        raise SheetError("queens are counted only in the queens game (dames)",
                         "les dames ne se comptent que dans la misère par les dames")
    if needed.strip() and c.kind != "trou":
        raise SheetError("the number of tricks needed is given only for a trou (8 or 9)",
                         "le nombre de plis demandés ne se donne que pour un trou (8 ou 9)")
    # said before the tricks are read, which give a number alone to the first declarer
    if c.kind != "dames" and not decl:
        raise _no_declarers(wording)
    q = parse_tricks(queens, (), ("queens", "dames")) if queens.strip() else {}
    try:
        need = _whole(needed) if needed.strip() else 8
        mult = _whole(double) if double.strip() else 1
    except ValueError:
        raise SheetError("needed and double take whole numbers",
                         "needed et double prennent des nombres entiers") from None
    if need not in (8, 9):
        raise SheetError("a trou needs 8 or 9 tricks", "un trou demande 8 ou 9 plis")
    if mult not in (1, 2):
        raise SheetError("double is 1 or 2", "double vaut 1 ou 2")
    if mult == 2 and c.kind == "dames":  # RULES.md §5.8: all_pass is dames or redeal_double, not both
        raise SheetError("a deal of the queens game (dames) never counts double: it is played when all"
                         " pass, in place of the redeal that doubles the next deal",
                         "une donne de misère par les dames ne compte jamais double : elle se joue"
                         " quand tous passent, à la place de la redonne qui double la suivante")
    taken = parse_tricks(tricks, decl, wording=wording)
    if ("=" in tricks and len(decl) > 1 and not KINDS[c.kind].is_misere and set(taken) != set(decl)
            and not (from_csv and set(taken) == {decl[0]})):
        # (a pair's tricks count together: one declarer's alone was taken for the pair's)
        named = "+".join(s.name for s in decl)
        raise SheetError(f"tricks {tricks.strip()!r}: give the tricks of {named} together (8), or"
                         f" each one's ({','.join(f'{s.name}=4' for s in decl)})",
                         f"plis « {tricks.strip()} » : donnez les plis de {named} ensemble (8), ou"
                         f" ceux de chacun ({','.join(f'{s.name}=4' for s in decl)})")
    return Entry(c, decl, tuple(sorted(taken.items())), tuple(sorted(q.items())), need, mult)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A session's score sheet: the preset (``couleur`` or ``pagat``), players' names, entries,
    and the language it is shown in (``whist sheet new --lang``, kept in its file)."""

    preset: str
    names: tuple[tuple[Seat, str], ...]
    entries: tuple[Entry, ...] = ()
    lang: Lang = "en"

    POINTS_KEPT: ClassVar[tuple[str, str]] = ("the table's points", "les points du barème")
    """Whose points the sheet keeps where a CSV states others (:meth:`stated_points_differ`), in
    English and French."""

    @staticmethod
    def new(preset: str, names: Mapping[str, object] | None = None, lang: Lang = "en") -> Sheet:
        """An empty sheet for ``preset`` (couleur or pagat), with ``names`` by seat, each a text,
        shown in ``lang``."""
        try:
            rules = get_preset(preset)
        except RulesError as exc:
            raise SheetError.of(exc) from None
        if rules.game != "couleur":
            raise SheetError(f"colour whist is scored with preset couleur or pagat, not {preset!r}"
                             " (classic whist: whist sheet new --preset classic)",
                             "le whist à la couleur se compte avec le préréglage couleur ou pagat,"
                             f" pas « {preset} » (whist classique : whist sheet new --preset classic)")
        try:
            return Sheet(rules.preset, seat_names(names, lang), lang=lang)
        except ParseError as exc:
            raise SheetError.of(exc, "names: ", "noms : ") from None

    def name(self, seat: Seat) -> str:
        return dict(self.names)[seat]

    def contracts(self) -> tuple[Contract, ...]:
        """The contracts the sheet takes, without their suit: the preset's ladder with every
        optional row, low to high, then the queens game (a deal all passed played as it, §5.8)."""
        rows = ladder(_all_options(get_preset(self.preset)))
        return (*(Contract(kind, level) for kind, level in rows), Contract("dames"))

    def points(self, entry: Entry, wording: Wording = TERMINAL) -> dict[Seat, int]:
        """One entry's points per seat, or :class:`SheetError` if the preset cannot score it
        (``wording``: how the refusal says to give what is missing)."""
        if entry.contract is None:
            return {s: (PENALTY if s in entry.declarers else 0) for s in SEATS}
        c = entry.contract
        tricks = dict(entry.tricks)
        try:
            if c.kind == "dames":
                pts = dames_points(dict(entry.queens))
            else:
                self._check(entry, wording)
                pts = score(self.preset, c, entry.declarers, tricks, entry.needed)
        except TableError as exc:
            raise SheetError.of(exc) from None
        return {s: p * entry.multiplier for s, p in pts.items()}

    def _check(self, entry: Entry, wording: Wording) -> None:
        c = entry.contract
        assert c is not None
        missing = not_on_ladder(_all_options(get_preset(self.preset)), c)
        if missing is not None:
            raise SheetError.of(missing)
        tricks = dict(entry.tricks)
        if not entry.declarers:
            raise _no_declarers(wording)
        extra = [s for s in tricks if s not in entry.declarers]
        if extra:
            raise SheetError(f"{extra[0].name} is not a declarer of this deal",
                             f"{extra[0].name_fr} n'est pas preneur dans cette donne")
        if (refused := declarers_refused(self.preset, c, entry.declarers)) is not None:
            raise SheetError.of(refused)  # said first: "give each declarer's tricks" misled
        if (refused := tricks_out_of_range(tricks)) is not None:
            raise SheetError.of(refused)
        if KINDS[c.kind].is_misere and len(entry.declarers) > 1 and len(tricks) != len(entry.declarers):
            piccolo = c.kind.startswith("piccol")  # (a piccolo of two: "each misère declarer" it was)
            en, fr = ("piccolo", "du piccolo") if piccolo else ("misère", "de la misère")
            raise wording.refusal(SheetError, f"give each {en} declarer's tricks, {{each_tricks_eg}}",
                                  f"donnez les plis de chaque preneur {fr}, {{each_tricks_eg}}")

    def made(self, entry: Entry) -> dict[Seat, bool]:
        """Whether each declarer of ``entry`` made the contract (none for a penalty or the queens
        game)."""
        c = entry.contract
        if c is None or not entry.declarers:
            return {}
        return made(c, entry.declarers, dict(entry.tricks), needed_tricks(c, self.preset, entry.needed),
                    self.preset)

    def add(self, entry: Entry, wording: Wording = TERMINAL, *, stored: bool = False) -> Sheet:
        """The sheet with ``entry`` added; :class:`SheetError` (and this sheet unchanged) if it is
        impossible: also a deal whose tricks are not given (a CSV row without them is not a deal
        of 0 tricks), saying how to give them in ``wording``. ``stored``: an entry read back from
        a saved sheet, which skips the checks added since sheets were first saved (a file written
        then still opens)."""
        self.points(entry, wording)
        c = entry.contract
        played = sum(dict(entry.tricks).values())
        if stored or c is None:
            pass
        elif c.kind != "dames" and not entry.tricks:
            raise wording.refusal(SheetError, "give the tricks: {tricks_eg}", "donnez les plis : {tricks_eg}")
        elif KINDS[c.kind].discard and played > KINDS[c.kind].tricks:
            raise SheetError("a petite misère has 12 tricks (each player discards a card first)",
                             "une petite misère se joue en 12 plis (chaque joueur écarte d'abord une"
                             " carte)")
        return replace(self, entries=(*self.entries, entry))

    def remove_last(self) -> Sheet:
        if not self.entries:
            raise SheetError("the sheet is empty", "la feuille est vide")
        return replace(self, entries=self.entries[:-1])

    def rows(self) -> list[tuple[Entry, dict[Seat, int], dict[Seat, int]]]:
        """Each entry with its points and the running totals after it."""
        run = dict.fromkeys(SEATS, 0)
        out = []
        for e in self.entries:
            p = self.points(e)
            run = {s: run[s] + p[s] for s in SEATS}
            out.append((e, p, dict(run)))
        return out

    def totals(self) -> dict[str, int]:
        rows = self.rows()
        last = rows[-1][2] if rows else dict.fromkeys(SEATS, 0)
        return {s.name: last[s] for s in SEATS}

    # ----- export and import ----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SHEET_FORMAT,
            "preset": self.preset,
            "lang": self.lang,
            "names": {s.name: n for s, n in self.names},
            "entries": [
                {**e.to_row(), "points": {s.name: p[s] for s in SEATS},
                 "totals": {s.name: t[s] for s in SEATS}}
                for e, p, t in self.rows()
            ],
            "totals": self.totals(),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Sheet:
        if data.get("format") != SHEET_FORMAT:
            raise SheetError(f"not a score sheet (format {SHEET_FORMAT})",
                             f"pas une feuille de marque (format {SHEET_FORMAT})")
        names, entries = data.get("names", {}), data.get("entries", [])
        if not isinstance(names, dict) or not isinstance(entries, list):
            raise SheetError("the sheet needs names (an object) and entries (a list)",
                             "la feuille demande des noms (un objet) et des entrées (une liste)")
        sheet = Sheet.new(str(data.get("preset", "couleur")), names, stored_lang(data))
        for i, row in enumerate(entries, 1):
            if not isinstance(row, dict):
                raise SheetError(f"entry {i}: an entry must be an object",
                                 f"entrée {i} : une entrée doit être un objet")
            sheet = sheet._add_row(row, ("entry", "entrée", i), stored=True)
        return sheet

    def _add_row(self, row: Mapping[str, Any], where: tuple[str, str, int], *,
                 stored: bool = False) -> Sheet:
        """The sheet with a CSV or JSON row added; a refusal says ``where`` it stands (``line 3``,
        ``ligne 3``: the English word, the French one, the number)."""
        try:
            f = row_fields(row, CSV_FIELDS)
            entry = parse_entry(f["contract"], f["declarers"], f["tricks"], f["trump"], f["needed"],
                                f["queens"], f["double"], wording=CSV_ROWS, from_csv=True)
            return self.add(entry, CSV_ROWS, stored=stored)
        except SheetError as exc:
            en, fr, i = where
            raise SheetError.of(exc, f"{en} {i}: ", f"{fr} {i} : ") from None

    def to_csv(self, delimiter: str = ",") -> str:
        """The entries as CSV, each with each player's points and running total and the players'
        names, the cells separated by ``delimiter`` (``;`` for a spreadsheet set to French)."""
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=_CSV_COLUMNS, lineterminator="\n", delimiter=delimiter)
        w.writeheader()
        for e, p, t in self.rows():
            w.writerow({**e.to_row(), **{f"points_{s.name}": p[s] for s in SEATS},
                        **{f"total_{s.name}": t[s] for s in SEATS}, **names_row(self.names)})
        return buf.getvalue()

    def add_csv(self, text: str) -> Sheet:
        """The sheet with every row of a CSV added (columns as ``CSV_FIELDS``; extra columns such
        as points and totals are ignored; the names as :func:`names_from_csv`). All rows or none:
        an impossible row raises."""
        reader = read_csv(text, _CSV_COLUMNS)
        if reader.fieldnames is None or "contract" not in reader.fieldnames:
            if reader.fieldnames is not None and {"kind", "side", "tricks"} <= {
                    f.lower() for f in reader.fieldnames}:
                raise SheetError("this CSV looks like a classic-whist sheet (columns kind, side,"
                                 " tricks, honours); this sheet is colour whist: import it into a"
                                 " classic one (whist sheet new --preset classic)",
                                 "ce CSV ressemble à une feuille de whist classique (colonnes kind,"
                                 " side, tricks, honours) ; cette feuille est du whist à la couleur :"
                                 " importez-le dans une feuille de whist classique (whist sheet new"
                                 " --preset classic)")
            raise SheetError("the CSV needs a header with at least a 'contract' column",
                             "le CSV demande un en-tête avec au moins une colonne « contract » (ou"
                             " « contrat »)")
        rows = csv_rows(reader, _CSV_COLUMNS)  # line_num counts blank and quoted lines
        sheet = replace(self, names=names_from_csv(self.names, [row for _, row in rows]))
        for line, row in rows:
            sheet = sheet._add_row(row, ("line", "ligne", line))
        return sheet

    def stated_points_differ(self, text: str, lang: str = "en") -> list[str]:
        """For a CSV just added by :meth:`add_csv` (its entries the last of this sheet): the rows
        whose ``points_N`` … ``points_W`` columns, those the file gives, are not the points the
        preset's table gives them (the sheet keeps the table's); in French with ``lang``
        ``fr``."""
        reader = read_csv(text, _CSV_COLUMNS)
        rows = [(reader.line_num, row) for row in reader]
        added = self.entries[len(self.entries) - len(rows):]
        return points_differ(rows, [{s.name: self.points(e)[s] for s in SEATS} for e in added],
                             ("the table", "le barème"), lang)


_FRENCH_LETTERS = {"W": "O", "EW": "EO"}
"""West and East–West as French writes them (Ouest: O), where a CSV's columns say ``W`` and ``EW``."""


def points_differ(rows: Sequence[tuple[int, Mapping[str, Any]]],
                  computed: Sequence[Mapping[str, int]], whose: tuple[str, str],
                  lang: str = "en") -> list[str]:
    """The CSV ``rows`` (line, row) whose ``points_X`` columns, those the row gives, are not the
    ``computed`` points (by X: a seat's letter or a side's), each said as ``whose`` (in English,
    in French) gives them; in French with ``lang`` ``fr``."""
    out = []
    for (line, row), points in zip(rows, computed, strict=True):
        stated = [str(row.get(f"points_{k}") or "").strip() for k in points]
        if not any(stated):
            continue
        try:
            same = all(int(x) == points[k] for k, x in zip(points, stated, strict=True) if x)
        except ValueError:
            same = False
        if not same:
            said = {k: _FRENCH_LETTERS.get(k, k) if lang == "fr" else k for k in points}
            table = " ".join(f"{said[k]} {v:+d}" for k, v in points.items())
            says = " ".join(stated) if all(stated) else " ".join(
                f"{said[k]} {x}" for k, x in zip(points, stated, strict=True) if x)
            out.append(f"ligne {line} : le fichier dit {says}, {whose[1]} {table}" if lang == "fr"
                       else f"line {line}: the file says {says}, {whose[0]} {table}")
    return out


LONGEST_FIELD = 100
"""The most characters a field of an entry holds in a sheet's file or CSV (a contract's name, a
list of tricks or queens): a longer one, in a file edited by hand, is refused by its length, not
quoted back whole (a tricks field of 5,000 digits was)."""


def row_fields(row: Mapping[str, Any], fields: Iterable[str],
               error: type[Refusal] = SheetError) -> dict[str, str]:
    """The ``fields`` of a CSV or JSON row as text (empty where missing), or ``error`` naming the
    first longer than :data:`LONGEST_FIELD`."""
    out = {k: str(row.get(k) or "") for k in fields}
    for k, v in out.items():
        if len(v) > LONGEST_FIELD:
            raise error(f"{k} holds {len(v):,} characters: a field of an entry holds at most"
                        f" {LONGEST_FIELD}", f"{k} contient {len(v)} caractères : un champ d'une"
                        f" entrée en contient au plus {LONGEST_FIELD}")
    return out


def read_csv(text: str, columns: Iterable[str], error: type[Refusal] = SheetError) -> csv.DictReader[str]:
    """A reader of a sheet's CSV (colour or classic whist) as a person may have saved it from a
    spreadsheet: separated by commas, or by semicolons (as a spreadsheet set to French saves it;
    told by the header line), a byte order mark before the header, header cells in any case and
    with spaces around them, read as the ``columns`` they name; a deal's field may be named in
    French (``preneurs``, :data:`~whist.wording.FRENCH_COLUMNS`), read as its English name. A
    column named twice (``plis`` and ``tricks`` too) is refused
    (``error``, the sheet's own): which of the two holds the deal cannot be told. A sheet's JSON
    file (an export, or the sheet itself) is refused as such: it is opened with ``--file``."""
    text = text.removeprefix("\ufeff")
    if text.lstrip().startswith("{") and _json_object(text):
        raise error("this is a JSON file, not a CSV: a sheet's own JSON file is not imported but"
                    " opened with --file (whist sheet show --file FILE)",
                    "c'est un fichier JSON, pas un CSV : le fichier JSON d'une feuille ne s'importe"
                    " pas, il s'ouvre avec --file (whist sheet show --file FICHIER)")
    header = text.split("\n", 1)[0]
    delimiter = ";" if header.count(";") > header.count(",") else ","
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    known = {c.lower(): c for c in columns}
    try:
        reader.fieldnames  # noqa: B018 - reads the header line
    except csv.Error as exc:
        raise _unreadable(exc, reader.line_num + 1, error) from None
    if reader.fieldnames is not None:
        names = [f.strip() for f in reader.fieldnames]
        reader.fieldnames = [known.get(f.lower(), FRENCH_COLUMNS.get(f.lower(), f)) for f in names]
        counts = Counter(reader.fieldnames)  # (a count per column: the header may be long)
        twice = sorted(f for f, n in counts.items() if f and n > 1)
        if twice:
            raise error(f"the CSV's header names the column {', '.join(twice)} twice: keep one",
                        f"l'en-tête du CSV nomme deux fois la colonne {', '.join(twice)} : gardez-en une")
    return reader


def _json_object(text: str) -> bool:
    """Whether ``text`` is a JSON object (a sheet's or a record's file), not a CSV whose first
    column a person named ``{note}``."""
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):  # (not JSON; or nested too deeply to say)
        return False


def _unreadable(exc: csv.Error, line: int, error: type[Refusal]) -> Refusal:
    """Why the CSV reader stopped at ``line``, the line it was reading (``error``, the sheet's
    own): a cell longer than it reads (a file that is no sheet, a quote left open), or what it
    says."""
    if str(exc).startswith("field larger than field limit"):
        most = csv.field_size_limit()
        return error(f"line {line}: a cell is longer than {most} characters: is it a sheet's CSV, or"
                     " is a quote left open?",
                     f"ligne {line} : une cellule a plus de {most} caractères : est-ce le CSV d'une"
                     " feuille, ou un guillemet est-il resté ouvert ?")
    return error(f"line {line}: the CSV cannot be read: {exc}",
                 f"ligne {line} : le CSV est illisible : {exc}")


def csv_rows(reader: csv.DictReader[str], columns: Sequence[str],
             error: type[Refusal] = SheetError) -> list[tuple[int, dict[str, str]]]:
    """The rows of ``reader`` with the line each ends on. A column of the person's own (``note``,
    ``date``) is not read, but one whose name is nearly one of the ``columns`` an export writes is
    refused (``error``) as mistyped: ``neded`` left in silence a trou's 9 tricks unread, and its
    points wrong. So is a row with more cells than the header (an empty header cell, as a
    spreadsheet may leave after the last column, is allowed while its cells are empty too)."""
    french = [w for c in columns for w in FRENCH_NAMES.get(c, ())]
    for f in reader.fieldnames or ():
        near = difflib.get_close_matches(f.lower(), [c for c in (*columns, *french) if c != f], 1, 0.75)
        if f and f not in columns and near:
            raise error(f"the CSV's column {f} is not one a sheet reads: did you mean {near[0]}?",
                        f"la colonne {f} du CSV n'est pas une de celles qu'une feuille lit : vouliez-vous"
                        f" dire {near[0]} ?")
    rows: list[tuple[int, dict[str, str]]] = []
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return rows
        except csv.Error as exc:
            raise _unreadable(exc, reader.line_num + 1, error) from None
        extra = [str(v) for v in row.get(None) or () if str(v).strip()]
        extra += [str(row[f]) for f in row if f == "" and str(row[f] or "").strip()]
        if extra:
            raise error(f"line {reader.line_num}: {', '.join(extra)} lies in no column of the header",
                        f"ligne {reader.line_num} : {', '.join(extra)} n'est dans aucune colonne de"
                        " l'en-tête")
        rows.append((reader.line_num, row))


FORMULA_STARTS = ("=", "+", "-", "@")
"""What a spreadsheet reads a cell beginning with as a formula (``=HYPERLINK(…)`` in a player's
name would run in Excel once the exported CSV is opened)."""


def cell_text(text: str) -> str:
    """A player's text as an exported CSV cell: after an apostrophe where it begins as a formula
    does, so that a spreadsheet shows it as text (:func:`cell_read` takes the apostrophe off).

    >>> cell_text("=1+1"), cell_text("Anne"), cell_read(cell_text("-Bob")), cell_read("'Zoé")
    ("'=1+1", 'Anne', '-Bob', "'Zoé")
    >>> cell_read(cell_text("'=x"))  # a name that begins with the apostrophe itself keeps it
    "'=x"
    """
    return "'" + text if _quoted(text) else text


def _quoted(text: str) -> bool:
    """Whether :func:`cell_text` writes ``text`` after an apostrophe: it begins as a formula, or
    with an apostrophe and then as a formula (so that reading it back keeps that apostrophe)."""
    return text.startswith(FORMULA_STARTS) or (text.startswith("'") and text[1:].startswith(FORMULA_STARTS))


def cell_read(text: str) -> str:
    """A CSV cell as :func:`cell_text` wrote it, read back: the apostrophe it put first is taken
    off (any other apostrophe is the text's own)."""
    return text[1:] if text.startswith("'") and _quoted(text[1:]) else text


def names_row(names: Iterable[tuple[Seat, str]]) -> dict[str, str]:
    """The ``name_N`` … ``name_W`` cells of an export's row (:func:`cell_text`)."""
    return {f"name_{s.name}": cell_text(n) for s, n in names}


def names_from_csv(names: Iterable[tuple[Seat, str]],
                   rows: Sequence[Mapping[str, str | None]]) -> tuple[tuple[Seat, str], ...]:
    """``names`` with each seat the sheet still calls by its default name (its name in French or
    in English: :func:`~whist.cards.seat_names`) renamed as the first of the ``rows`` that names
    anyone says (a CSV exported with the names). A name the sheet was given stays, and so does
    a default name where the CSV gives a default name too (a sheet kept in the other language
    exported "North", which is no one's name: a French sheet keeps "Nord"); a CSV without the
    ``name_*`` columns (as exports were before) changes nothing."""
    given = next(({s: visible_text(cell_read(row.get(f"name_{s.name}") or "")) for s in SEATS} for row in rows
                  if any((row.get(c) or "").strip() for c in NAME_COLUMNS)), {})

    def default(s: Seat, name: str) -> bool:
        return name in (s.name_fr, s.name_en)

    return tuple((s, given[s] if default(s, n) and given.get(s) and not default(s, given[s]) else n)
                 for s, n in names)


def _all_options(rules: Rules) -> Rules:
    """The rules with every optional row on: the sheet accepts every contract of the preset's
    scoring table, whatever the auction options (§5.10)."""
    return replace(rules, overbids=True, piccolo=True, grande_misere_sur_table=True,
                   abondance_sur_table=rules.style == "couleur")


def stored_lang(data: Mapping[str, Any]) -> Lang:
    """The language a sheet's file keeps (``lang``: ``en`` or ``fr``; ``en`` in a file written
    before sheets kept one); :class:`SheetError` for another."""
    lang = data.get("lang", "en")
    if lang == "fr":
        return "fr"
    if lang == "en":
        return "en"
    raise SheetError(f"lang is en or fr, not {lang!r}", f"lang vaut en ou fr, pas « {lang} »")


class _Jsonable(Protocol):
    def to_json(self) -> dict[str, Any]: ...


def dumps(sheet: _Jsonable) -> str:
    """A sheet's JSON file text (this module's :class:`Sheet` or a
    :class:`~whist.classic_sheet.ClassicSheet`)."""
    return json.dumps(sheet.to_json(), indent=1, ensure_ascii=False) + "\n"
