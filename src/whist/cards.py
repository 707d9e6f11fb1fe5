"""Cards, suits, ranks and seats, with their text forms.

Every card is one of 52 shared instances, so cards compare by identity and
hash fast. A hand is a set of cards held as a 52-bit mask; the functions here
turn masks into cards and back, and read and write hands and deals in PBN
form (suits in the order spades, hearts, diamonds, clubs).

>>> parse_card("10d").text
'TD'
>>> parse_card("♦10") is parse_card("TD")
True
>>> parse_card("DP", "fr").in_lang("fr"), parse_card("AC", "fr").pretty, parse_card("AC").pretty
('D♠', 'A♥', 'A♣')
>>> format_deal(parse_deal("N:AKQJ.T98.765.432 - - -"))[:20]
'N:AKQJ.T98.765.432 -'
"""

from __future__ import annotations

import errno
import json
import os
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import IntEnum
from functools import total_ordering
from typing import BinaryIO, Literal

Lang = Literal["en", "fr"]
"""A language a player reads and types in: English or French."""


class Refusal(ValueError):
    """An error a player reads, in English (``str(exc)``, ``exc.en``) and in French (``exc.fr``;
    the English text when no French one is given).

    >>> exc = Refusal("the deal is over", "la donne est terminée")
    >>> str(exc), exc.in_lang("fr"), exc.in_lang("en")
    ('the deal is over', 'la donne est terminée', 'the deal is over')
    """

    en: str
    fr: str

    def __init__(self, en: str, fr: str | None = None) -> None:
        super().__init__(en)  # ``args`` is ``(en,)``: ``str`` and pickling as for any error
        self.en = en
        self.fr = en if fr is None else fr

    def in_lang(self, lang: str) -> str:
        """The text in ``lang`` (``fr``; anything else is English)."""
        return self.fr if lang == "fr" else self.en


def of_fr(text: str) -> str:
    """French *de* before ``text``, elided before a vowel: ``de solo 9``, ``d'abondance 9``,
    ``d'Ouest``.

    >>> of_fr("emballage 13"), of_fr("piccolo"), of_fr("Ouest")
    ("d'emballage 13", 'de piccolo', "d'Ouest")
    """
    return f"d'{text}" if text[:1].lower() in "aeiouéè" else f"de {text}"


class ParseError(Refusal):
    """Text that does not describe a card, suit, seat, hand or deal."""


OS_ERRORS_FR: dict[int, str] = {
    errno.ENOTDIR: "un élément du chemin n'est pas un dossier",
    errno.EEXIST: "un fichier de ce nom existe déjà",
    errno.EACCES: "permission refusée",
    errno.EPERM: "opération non permise",
    errno.EROFS: "système de fichiers en lecture seule",
    errno.ENOSPC: "plus de place sur le disque",
    errno.ENAMETOOLONG: "nom trop long",
    errno.ENOENT: "fichier ou dossier introuvable",
    errno.EISDIR: "c'est un dossier",
    errno.EADDRINUSE: "adresse déjà utilisée",
    errno.EADDRNOTAVAIL: "cette adresse n'est pas celle de cette machine",
    errno.ELOOP: "trop de niveaux de liens symboliques",
}
"""The system's reasons for a file that cannot be read or written, a folder that cannot be made or a
port that cannot be listened on, in French (the system says them in English); another one is given
as the system says it."""


def os_reason(exc: OSError, lang: Lang = "en") -> str:
    """Why ``exc`` happened, as the system says it, or in French with ``lang`` ``fr`` when
    :data:`OS_ERRORS_FR` knows it.

    >>> os_reason(NotADirectoryError(errno.ENOTDIR, "Not a directory"), "fr")
    "un élément du chemin n'est pas un dossier"
    """
    if lang == "fr" and exc.errno in OS_ERRORS_FR:
        return OS_ERRORS_FR[exc.errno]
    return str(exc.strerror or exc)


MAX_FILE_BYTES = 64 << 20
"""The most bytes read of a record, a score sheet or a CSV file to import into one, far above any
real one: the largest record ``whist simulate`` writes, a colour session of 999 deals, is 2 MB, and
a classic match of 99 rubbers of 100-point games played by hand some twenty times that; beyond, the
file is refused rather than read on (``/dev/zero``, a disk image given by mistake, an endless
pipe)."""


def read_at_most(path: str | os.PathLike[str], what: tuple[str, str], error: type[Refusal] = Refusal,
                 stream: BinaryIO | None = None) -> bytes:
    """The bytes of the file ``path``, or of ``stream`` where one is given (already open: the
    standard input's bytes, which ``path``, ``-``, names); ``error`` (a :class:`Refusal`) where it
    holds more than :data:`MAX_FILE_BYTES`, naming it too large for ``what`` (``a whist record``,
    ``un enregistrement de whist``), and ``-`` the standard input; :class:`OSError` where it cannot
    be read. No more than one byte past the most is read.

    >>> import io
    >>> len(read_at_most("-", ("a test", "un essai"), stream=io.BytesIO(b"abc")))
    3
    """
    if stream is None:
        with open(path, "rb") as f:
            return read_at_most(path, what, error, f)
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        most = MAX_FILE_BYTES >> 20
        en, fr = ((f"{os.fspath(path)} is", f"{os.fspath(path)} est trop grand") if os.fspath(path) != "-"
                  else ("the standard input is", "l'entrée standard est trop grande"))
        raise error(f"{en} too large for {what[0]}: it holds more than {most} MB",
                    f"{fr} pour {what[1]} : il fait plus de {most} Mo")
    return data


JSON_ERRORS: dict[str, tuple[str, str]] = {
    "Expecting value": ("a value is missing", "une valeur manque"),
    "Expecting property name enclosed in double quotes": (
        "a field name in double quotes is missing", "un nom de champ entre guillemets droits manque"),
    "Expecting ':' delimiter": ("a colon is missing", "un deux-points manque"),
    "Expecting ',' delimiter": ("a comma is missing", "une virgule manque"),
    "Unterminated string starting at": ("a quoted text is not closed",
                                        "un texte entre guillemets n'est pas fermé"),
    "Invalid control character at": ("a control character is inside a text",
                                     "un caractère de contrôle est dans un texte"),
    "Invalid \\escape": ("a backslash is followed by a character it cannot precede",
                          "une barre oblique inverse est suivie d'un caractère qu'elle ne peut pas précéder"),
    "Invalid \\uXXXX escape": ("a \\u is not followed by four hexadecimal digits",
                                "un \\u n'est pas suivi de quatre chiffres hexadécimaux"),
    "Extra data": ("text follows the end of the JSON", "du texte suit la fin du JSON"),
    "Illegal trailing comma before end of object": ("a comma comes before the end of an object",
                                                    "une virgule précède la fin d'un objet"),
    "Illegal trailing comma before end of array": ("a comma comes before the end of a list",
                                                   "une virgule précède la fin d'une liste"),
}
"""What Python's JSON reader says is wrong, in plain English and in French; another one is given as
it says it."""


def json_reason(exc: json.JSONDecodeError) -> Refusal:
    """Why a text is not JSON, and where, in English and French.

    >>> r = json_reason(json.JSONDecodeError("Extra data", '{"a": 1} x', 9))
    >>> r.en
    'unreadable JSON (text follows the end of the JSON, line 1 column 10)'
    >>> r.fr
    'JSON illisible (du texte suit la fin du JSON, ligne 1 colonne 10)'
    """
    en, fr = JSON_ERRORS.get(exc.msg, (exc.msg, exc.msg))
    return Refusal(f"unreadable JSON ({en}, line {exc.lineno} column {exc.colno})",
                   f"JSON illisible ({fr}, ligne {exc.lineno} colonne {exc.colno})")


def read_json(text: str) -> object:
    """The value a JSON text holds (a record's, a sheet's), or a :class:`Refusal` saying in English
    and French why it holds none: not JSON (:func:`json_reason`), arrays or objects nested deeper
    than Python's recursion limit, or a whole number longer than Python reads
    (``sys.get_int_max_str_digits()``, 4300 digits), which Python refuses with its own English.

    >>> read_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> try:
    ...     read_json("7" * 5000)
    ... except Refusal as exc:
    ...     print(exc.fr)
    un nombre y a plus de 4300 chiffres
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise json_reason(exc) from None
    except RecursionError:
        raise Refusal("its JSON is nested too deeply", "son JSON est imbriqué trop profondément") from None
    except ValueError:  # the one other that json.loads raises: a number of too many digits
        most = sys.get_int_max_str_digits()
        raise Refusal(f"a number in it has more than {most} digits",
                      f"un nombre y a plus de {most} chiffres") from None


class _Named(IntEnum):
    """An enum of the game's that prints as its name (``N``, ``SPADES``, ``EW``), not as its
    number; a number's format (``f"{seat:d}"``, ``f"{suit:02x}"``) still formats the number,
    others the name (``f"{seat:>3}"``)."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bcdoxXneEfFgG%":
            return int.__format__(self, spec)
        return format(self.name, spec)


class Suit(_Named):
    """The four suits, in PBN order (spades, hearts, diamonds, clubs).

    >>> print(Suit.SPADES, [str(s) for s in Suit][1:], int(Suit.CLUBS))
    SPADES ['HEARTS', 'DIAMONDS', 'CLUBS'] 3
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The one-letter form: ``S``, ``H``, ``D`` or ``C``."""
        return "SHDC"[self]

    @property
    def letter_fr(self) -> str:
        """The French one-letter form: ``P`` (pique), ``C`` (cœur), ``K`` (carreau), ``T`` (trèfle)."""
        return "PCKT"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return "♠♥♦♣"[self]

    @property
    def name_en(self) -> str:
        return ("spades", "hearts", "diamonds", "clubs")[self]

    @property
    def name_fr(self) -> str:
        return ("pique", "cœur", "carreau", "trèfle")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def mask(self) -> int:
        """The 52-bit mask of the thirteen cards of this suit."""
        return SUIT_MASK << (13 * self)


SUIT_MASK = 0x1FFF
ALL_CARDS_MASK = (1 << 52) - 1
RANK_CHARS = "23456789TJQKA"
RANK_LETTERS: dict[Lang, str] = {"en": RANK_CHARS, "fr": "23456789TVDRA"}
"""The one-letter ranks, 2 to ace, in each language: the court cards are K Q J in English, R D V
(roi, dame, valet) in French; ``T``, ten, is written ``10`` (:func:`rank_text`)."""
_SUIT_WORDS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
    "P": Suit.SPADES, "T": Suit.CLUBS, "K": Suit.DIAMONDS,
    "SPADES": Suit.SPADES, "HEARTS": Suit.HEARTS, "DIAMONDS": Suit.DIAMONDS,
    "CLUBS": Suit.CLUBS, "SPADE": Suit.SPADES, "HEART": Suit.HEARTS, "DIAMOND": Suit.DIAMONDS,
    "CLUB": Suit.CLUBS, "PIQUE": Suit.SPADES, "CŒUR": Suit.HEARTS,
    "COEUR": Suit.HEARTS, "CARREAU": Suit.DIAMONDS, "TRÈFLE": Suit.CLUBS,
    "TREFLE": Suit.CLUBS,
}


_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")


def _plain(text: str) -> str:
    """``text`` without the invisible variation selectors that phones and emoji pickers add
    after a suit symbol (``♠️`` is ``♠`` followed by U+FE0F)."""
    return text.translate(_VARIATION_SELECTORS)


def parse_suit(text: str, lang: Lang = "en") -> Suit:
    """Read a suit: a letter (``S H D C``), a symbol, or its English or French name.

    French initials ``P`` (pique), ``T`` (trèfle) and ``K`` (carreau) are also accepted. ``C``,
    which reads both ways, is clubs in English and cœur in French (``lang``), as in a card
    (:func:`parse_card`).

    >>> parse_suit("C").name_en, parse_suit("C", "fr").name_fr, parse_suit("T", "fr").name_fr
    ('clubs', 'cœur', 'trèfle')
    """
    key = _plain(text).strip().upper()
    if key.endswith("S") and key[:-1] in _SUIT_WORDS and len(key) > 2:
        key = key[:-1]
    suit = Suit.HEARTS if lang == "fr" and key == "C" else _SUIT_WORDS.get(key)
    if suit is None:
        names = ", ".join(s.name_fr for s in Suit)
        letters = "P, C (cœur), K, T" if lang == "fr" else "S, H, D, C"
        raise ParseError(f"{text!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)",
                         f"« {text} » n'est pas une couleur (tapez {letters}, ♠ ♥ ♦ ♣ ou {names})")
    return suit


class Seat(_Named):
    """The four seats, clockwise: North, East, South, West.

    >>> print(Seat.N, f"{Seat.W} sits at {Seat.W:d}")
    N W sits at 3
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        """The next seat clockwise (the player on this seat's left)."""
        return SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        return SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite (the partner in classic whist)."""
        return SEATS[self ^ 2]

    @property
    def side(self) -> Side:
        """The fixed partnership of classic whist this seat belongs to."""
        return Side(self & 1)

    @property
    def name_en(self) -> str:
        return ("North", "East", "South", "West")[self]

    @property
    def name_fr(self) -> str:
        return ("Nord", "Est", "Sud", "Ouest")[self]


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_WORDS = {
    "N": Seat.N, "E": Seat.E, "S": Seat.S, "W": Seat.W, "O": Seat.W,
    "NORTH": Seat.N, "EAST": Seat.E, "SOUTH": Seat.S, "WEST": Seat.W,
    "NORD": Seat.N, "EST": Seat.E, "SUD": Seat.S, "OUEST": Seat.W,
}


def parse_seat(text: str | Seat) -> Seat:
    """Read a seat: ``N E S W`` (``O`` for Ouest too), or its English or French name; a
    :class:`Seat` is itself."""
    if isinstance(text, Seat):
        return text
    seat = _SEAT_WORDS.get(text.strip().upper())
    if seat is None:
        raise ParseError(f"{text!r} is not a seat (use N, E, S, W or O for Ouest, or a seat's name:"
                         " South, Sud …)",
                         f"« {text} » n'est pas une place (tapez N, E, S, O (ou W), ou le nom"
                         " d'une place : Sud, South …)")
    return seat


class Side(_Named):
    """A fixed partnership: North-South or East-West (prints ``NS``, ``EW``)."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def name_fr(self) -> str:
        """``NS`` or ``EO`` (Est–Ouest)."""
        return ("NS", "EO")[self]


JOINERS = "\u200c\u200d"
"""The zero-width non-joiner and joiner: invisible, but part of how a word is written between two
letters (Persian « می‌خواهم », an emoji of a family 👨‍👩‍👧) and kept there."""


def plain_number(text: str) -> bool:
    """Whether ``text`` is a number as people type one: in ASCII, without underscores. Python's
    own reading of numbers (int(), float()) also takes ``4_0`` (40) and the digits of other
    scripts (``٣``, 3), which nobody types for a count or an option.

    >>> plain_number("40"), plain_number("4_0"), plain_number("٣")
    (True, False, False)
    """
    return text.isascii() and "_" not in text


def visible_text(text: str) -> str:
    r"""A name as it is kept and shown (a player's, a table's): each run of white space (a tab, a
    line break, a no-break space …) one space, any other invisible character (control,
    zero-width …) dropped, but for a joiner or non-joiner (:data:`JOINERS`) within a word; no space
    at either end; empty when nothing visible is left.

    >>> visible_text(" Jean\u00a0Pierre\t\x07de  la\u200b Tour "), visible_text("\u200b\n")
    ('Jean Pierre de la Tour', '')
    >>> visible_text("\u200dAli\u200cReza\u200c \u200d"), visible_text("\u200c\u200d")
    ('Ali\u200cReza', '')

    Letters that print as nothing (the Hangul fillers, the blank braille pattern) are dropped too,
    and a word of accents alone (combining marks, with no letter to sit on) is no word:

    >>> visible_text("\u3164"), visible_text("\u2800 \u0301\u034f"), visible_text("Zoe\u0301 \u3164")
    ('', '', 'Zoe\u0301')
    """
    words = ("".join(ch for ch in word if (ch.isprintable() or ch in JOINERS) and ch not in BLANKS)
             .strip(JOINERS) for word in text.split())
    return " ".join(w for w in words if any(unicodedata.category(ch)[0] != "M" and ch not in JOINERS
                                            for ch in w))


BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Characters that Unicode counts as letters or symbols but that print as nothing: the Hangul
choseong and jungseong fillers, the Hangul filler and its half-width form, the blank braille
pattern."""


def given(value: object) -> str:
    """A value an English refusal names, as it was given: text in quotes (``'2,5'``); a number, a
    boolean, ``null`` or a list of a file or of the API's JSON as JSON writes it (``2.5``,
    ``true``), not as Python would (``True``); anything else as Python shows it.

    >>> given("abc"), given(2.5), given(True), given(None), given([1, False])
    ("'abc'", '2.5', 'true', 'null', '[1, false]')
    """
    if isinstance(value, str):
        return repr(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def quoted_fr(value: object) -> str:
    """A value a French refusal names, as French quotes it: text between « » (``« 2,5 »``), as
    every French refusal quotes what was typed; a number, a boolean or ``null`` of a file or of the
    API's JSON as it is (``2.5``), as English shows it (:func:`given`).

    >>> quoted_fr("abc"), quoted_fr(2.5), quoted_fr(None)
    ('« abc »', '2.5', 'null')
    """
    return f"« {value} »" if isinstance(value, str) else given(value)


def seat_names(names: Mapping[str, object] | None, lang: Lang) -> tuple[tuple[Seat, str], ...]:
    """The players' names by seat, N E S W, from ``{"N": "Anne", "Est": "Bert"}``, each as
    :func:`visible_text` keeps it (a seat not given, or given a name with nothing visible in it,
    is called by its name in ``lang``). A key that is no seat, or a name that is not text
    (``None``, a number, as a hand-edited file may hold), or a seat named by two keys (``W`` and
    ``O``: which name is meant?), raises :class:`ParseError`.

    >>> seat_names({"n": " Anne ", "O": "Dirk"}, "fr")[::3]
    ((<Seat.N: 0>, 'Anne'), (<Seat.W: 3>, 'Dirk'))
    >>> seat_names({"N": "Anne\tMarie", "E": "\u200b"}, "fr")[:2]
    ((<Seat.N: 0>, 'Anne Marie'), (<Seat.E: 1>, 'Est'))
    >>> seat_names({"S": "Carla"}, "en")[1:]
    ((<Seat.E: 1>, 'East'), (<Seat.S: 2>, 'Carla'), (<Seat.W: 3>, 'West'))
    """
    named: dict[Seat, str] = {}
    for key, name in (names or {}).items():
        seat = parse_seat(key)
        if seat in named:
            raise ParseError(f"{seat.name} is named twice", f"{seat.name_fr} est nommé deux fois")
        if not isinstance(name, str):
            raise ParseError(f"the name of {seat.name} must be text, not {given(name)}",
                             f"le nom de {seat.name_fr} doit être un texte, pas {quoted_fr(name)}")
        named[seat] = visible_text(name)
    return tuple((s, named.get(s) or (s.name_fr if lang == "fr" else s.name_en)) for s in SEATS)


def parse_side(text: str) -> Side:
    key = text.strip().upper().replace("-", "").replace("+", "")
    if key in ("NS", "SN"):
        return Side.NS
    if key in ("EW", "WE", "EO", "OE"):
        return Side.EW
    raise ParseError(f"{text!r} is not a side (use NS or EW)",
                     f"« {text} » n'est pas un camp (tapez NS ou EO)")


@total_ordering
class Card:
    """A playing card. The 52 cards are shared instances: ``Card(Suit.SPADES, 14)`` is the one ace
    of spades that ``card(...)``, ``parse_card("AS")`` and every hand and view hold, so cards
    compare and hash as themselves; they sort by ``index`` (spades 2 first, clubs ace last).

    ``rank`` runs from 2 to 14 (ace). ``index`` is ``13 * suit + rank - 2`` and
    ``bit`` is ``1 << index``, the card's place in a hand mask.

    >>> Card(Suit.SPADES, 14) is parse_card("AS"), Card(3, 10), sorted([Card(1, 2), Card(0, 3)])
    (True, Card(TC), [Card(3S), Card(2H)])
    """

    __slots__ = ("bit", "index", "rank", "suit", "text")

    suit: Suit
    rank: int
    index: int
    bit: int
    text: str

    def __new__(cls, suit: int, rank: int) -> Card:
        if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= 14:
            raise ValueError(f"a card's rank is a whole number from 2 to 14 (the ace), not {rank!r}")
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise ValueError(f"a card's suit is a Suit (or 0 to 3: spades, hearts, diamonds, clubs),"
                             f" not {suit!r}")
        index = 13 * suit + rank - 2
        if index < len(_MADE):
            return _MADE[index]
        made = object.__new__(cls)
        for name, value in (("suit", Suit(suit)), ("rank", rank), ("index", index),
                            ("bit", 1 << index), ("text", RANK_CHARS[rank - 2] + Suit(suit).letter)):
            object.__setattr__(made, name, value)
        return made

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __setattr__(self, name: str, value: object) -> None:
        # the 52 cards are shared by every hand, view and record: a bot of one's own that changed
        # one (its rank) made a game whose record no longer replayed
        raise AttributeError(f"a card cannot be changed: {self.text} stays {self.text}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed: {self.text} stays {self.text}")

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_index, (self.index,))

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, ``A♠``, ``10♦``, ``K♥`` (English ranks)."""
        return self.in_lang("en")

    def in_lang(self, lang: Lang) -> str:
        """The card as players of ``lang`` write it, rank then suit symbol: ``K♥``, ``10♦``; in
        French ``R♥`` (roi), ``D♠`` (dame), ``V♦`` (valet), ``10♦``."""
        return rank_text(self.rank, lang) + self.suit.symbol

    def text_in(self, lang: Lang) -> str:
        """The card as typed in ``lang``, in letters only: the canonical ``KH``, ``TD`` in English;
        in French the French rank and suit letters, ``RC`` (roi de cœur), ``10K`` (dix de
        carreau), which :func:`parse_card` reads back in French."""
        if lang == "en":
            return self.text
        return self.typed(lang)

    def typed(self, lang: Lang) -> str:
        """The card as a player of ``lang`` types it who reads it on the card, its rank as
        :func:`rank_text` writes it: ``KH``, ``10D`` in English (not ``TD``); in French as
        :meth:`text_in`, ``RC``, ``10K``. :func:`parse_card` reads either back in ``lang``."""
        return rank_text(self.rank, lang) + (self.suit.letter_fr if lang == "fr" else self.suit.letter)

    def beats(self, other: Card, trump: Suit | None) -> bool:
        """Whether this card, played after ``other``, wins over it (``other`` leads the comparison)."""
        if self.suit is other.suit:
            return self.rank > other.rank
        return self.suit is trump


_MADE: list[Card] = []
"""The cards made so far, by index: filled once, in order, to make :data:`CARDS`."""
for _suit in Suit:
    for _rank in range(2, 15):
        _MADE.append(Card(_suit, _rank))
CARDS: tuple[Card, ...] = tuple(_MADE)
"""All 52 cards, by index (spades 2..A, hearts 2..A, diamonds 2..A, clubs 2..A)."""


def card_from_index(index: int) -> Card:
    return CARDS[index]


def card(suit: Suit, rank: int) -> Card:
    return CARDS[13 * suit + rank - 2]


def rank_text(rank: int, lang: Lang = "en") -> str:
    """A rank (2 to 14, the ace) as players of ``lang`` write it on a card.

    >>> [rank_text(r, "fr") for r in (10, 11, 12, 13, 14)], rank_text(13)
    (['10', 'V', 'D', 'R', 'A'], 'K')
    """
    return "10" if rank == 10 else RANK_LETTERS[lang][rank - 2]


_RANK_WORDS = {c: i + 2 for i, c in enumerate(RANK_CHARS)}
_RANK_WORDS["10"] = 10
_CARD_SUITS = {k: v for k, v in _SUIT_WORDS.items() if len(k) == 1 and k not in "PTK"}
_SYMBOLS = {k: v for k, v in _CARD_SUITS.items() if k not in "SHDC"}
_CARD_WORDS: dict[Lang, tuple[dict[str, int], dict[str, Suit]]] = {
    "en": (_RANK_WORDS, _CARD_SUITS),
    "fr": ({**{c: i + 2 for i, c in enumerate(RANK_LETTERS["fr"]) if c != "T"}, "10": 10},
           {**{s.letter_fr: s for s in Suit}, **_SYMBOLS}),
}
"""The ranks and suits of a card typed in each language: English ``K Q J T`` and ``S H D C``;
French ``R D V 10`` and ``P C K T`` (pique, cœur, carreau, trèfle); the symbols in both."""
_READINGS: dict[Lang, tuple[Lang, ...]] = {"en": ("en",), "fr": ("fr", "en")}
"""The ways a card typed in each language may be read, in order: in French the French way first,
then the English way (``AC`` is the ace of hearts, ``KS`` the king of spades)."""
_CARD_EXAMPLES_FR: dict[Lang, str] = {
    "en": "tapez la valeur puis la couleur : AS, TD, 10D, ♦10, 2C",
    "fr": "tapez la valeur puis la couleur : RC roi de cœur, 10K dix de carreau, DP, VT, AP, ♦10",
}
"""What the French refusal of a text that is no card shows, by the language it was read in."""


_SPOKEN_RANKS = {
    **{w: r for r, w in enumerate(("DEUX", "TROIS", "QUATRE", "CINQ", "SIX", "SEPT", "HUIT", "NEUF",
                                   "DIX", "VALET", "DAME", "ROI", "AS"), start=2)},
    **{w: r for r, w in enumerate(("TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE",
                                   "TEN", "JACK", "QUEEN", "KING", "ACE"), start=2)},
}
"""A rank said in words, in French and in English (``AS`` is the ace as the French say it)."""
_OF = ("DE", "D'", "D’", "OF")


def _said_card(t: str, lang: Lang) -> Card | None:
    """The card of ``t`` (upper case) said as a player says it, its rank then its suit, either
    by name or letter, ``de`` or ``of`` between them maybe: ``AS DE CŒUR``, ``ROI PIQUE``,
    ``10 DE CARREAU``, ``D TRÈFLE``, ``ACE OF SPADES``, ``2 CLUBS``; ``None`` for other text (the
    letter ``C`` of a suit reads as :func:`parse_suit` reads it in ``lang``)."""
    words = t.replace("D'", "D' ").replace("D’", "D’ ").split()
    of = len(words) == 3 and words[1] in _OF
    if of:
        words = [words[0], words[2]]
    if len(words) != 2 or (len(words[1]) == 1 and not of and words[0] not in _SPOKEN_RANKS):
        return None  # 10 C, ♦ J: a card typed as it is written, read by the letters
    rank = _SPOKEN_RANKS.get(words[0])
    if rank is None:
        rank = _CARD_WORDS[lang][0].get(words[0], _RANK_WORDS.get(words[0]))
    try:
        suit = parse_suit(words[1].removesuffix("X") if len(words[1]) > 2 else words[1], lang)
    except ParseError:  # (carreaux: the plural of carreau)
        return None
    return None if rank is None else CARDS[13 * suit + rank - 2]


def parse_card(text: str, lang: Lang = "en") -> Card:
    """Read a card: ``AS``, ``TD``, ``10D``, ``♦10``, ``qh``; rank first or suit first, with or
    without a space between them (``10 D``).

    With ``lang`` ``fr`` the French ranks and suit letters are read too: ``RC`` roi de cœur,
    ``DP`` dame de pique, ``10K`` dix de carreau, ``VT`` valet de trèfle. Text that reads only the
    English way keeps its meaning (``KS``, ``QH``, ``JD``, ``TD``); text that reads both ways is
    read the French way (``AC`` and ``9C`` are hearts, cœur). Rank first is tried before suit
    first, in each language (``KD`` is the king of diamonds, not carreau-dame). A card said in
    words, its rank and its suit, is read in either language: ``as de cœur``, ``roi pique``,
    ``10 de carreau``, ``ace of spades``, ``2 clubs``.

    >>> parse_card("AC").text, parse_card("AC", "fr").text, parse_card("KS", "fr").text
    ('AC', 'AH', 'KS')
    """
    t = _plain(text).strip().upper()
    said = _said_card(t, lang)
    if said is not None:
        return said
    if len(t.split()) == 2:  # the rank and the suit apart, as a card is said: 10 C, ♦ J
        t = "".join(t.split())
    if not t:
        examples = "comme DP ou 10C" if lang == "fr" else "comme AS ou 10D"
        raise ParseError("empty card: write a rank and a suit, like AS or 10D",
                         f"aucune carte : tapez une valeur et une couleur, {examples}")
    for suit_first in (False, True):
        s_txt, r_txt = (t[:1], t[1:]) if suit_first else (t[-1:], t[:-1])
        for reading in _READINGS[lang]:
            ranks, suits = _CARD_WORDS[reading]
            suit = suits.get(s_txt)
            rank = ranks.get(r_txt)
            if suit is not None and rank is not None:
                return CARDS[13 * suit + rank - 2]
    raise ParseError(f"{text!r} is not a card (write rank then suit: AS, TD, 10D, ♦10, 2C)",
                     f"« {text} » n'est pas une carte ({_CARD_EXAMPLES_FR[lang]})")


def parse_cards(text: str, lang: Lang = "en") -> list[Card]:
    """Read cards separated by spaces or commas (in ``lang``, as :func:`parse_card`)."""
    return [parse_card(w, lang) for w in text.replace(",", " ").split()]


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in a fixed order: suit by suit (S H D C), high to low."""
    out: list[Card] = []
    for s in range(4):
        out.extend(SUIT_CARDS[s][(mask >> (13 * s)) & SUIT_MASK])
    return out


def iter_bits(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def _suit_tables() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    tables = []
    for s in Suit:
        row: list[tuple[Card, ...]] = [()]
        for m in range(1, 1 << 13):  # the highest card, then those of the mask without it
            high = m.bit_length() - 1
            row.append((CARDS[13 * s + high], *row[m ^ (1 << high)]))
        tables.append(tuple(row))
    return tuple(tables)


SUIT_CARDS = _suit_tables()
"""``SUIT_CARDS[suit][m]``: the cards of a 13-bit suit mask ``m``, high to low."""


def format_hand(mask: int) -> str:
    """A hand in PBN form: ``AKQJ.T98.765.432`` (spades.hearts.diamonds.clubs)."""
    parts = []
    for s in range(4):
        parts.append("".join(c.text[0] for c in SUIT_CARDS[s][(mask >> (13 * s)) & SUIT_MASK]))
    return ".".join(parts)


def parse_hand(text: str) -> int:
    """Read a hand in PBN form (``AKQJ.T98.765.432``, ``10`` allowed for ``T``); returns a mask."""
    t = text.strip().upper().replace("10", "T")
    parts = t.split(".")
    if len(parts) != 4:
        raise ParseError(f"{text!r} is not a hand: write four suits S.H.D.C separated by dots",
                         f"« {text} » n'est pas une main : écrivez les quatre couleurs S.H.D.C"
                         " séparées par des points")
    mask = 0
    for s, part in enumerate(parts):
        if part == "-":
            continue
        for ch in part:
            rank = _RANK_WORDS.get(ch)
            if rank is None:
                raise ParseError(f"{ch!r} in hand {text!r} is not a rank (use AKQJT98765432)",
                                 f"« {ch} » dans la main « {text} » n'est pas une valeur"
                                 " (AKQJT98765432 : une main PBN s'écrit à l'anglaise, K Q J T pour"
                                 " roi, dame, valet, dix)")
            bit = CARDS[13 * s + rank - 2].bit
            if mask & bit:
                twice = CARDS[13 * s + rank - 2]
                raise ParseError(f"{twice.text} appears twice in hand {text!r}",
                                 f"{twice.text_in('fr')} figure deux fois dans la main « {text} »")
            mask |= bit
    return mask


Deal = tuple[int, int, int, int]
"""Four hand masks, indexed by seat (N, E, S, W)."""


def pbn_hands(text: str) -> tuple[str, str, str, str]:
    """The four hands of a deal in PBN form (``N:hand hand hand hand``, hands clockwise from
    the named seat), as written, by seat (N, E, S, W)."""
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise ParseError(f"{text!r} is not a PBN deal: it starts with a seat and a colon, like N:",
                         f"« {text} » n'est pas une donne PBN : elle commence par une place et"
                         " deux-points, comme N:")
    first = parse_seat(t[0])
    words = t[2:].split()
    if len(words) != 4:
        n = len(words)
        raise ParseError(f"a PBN deal has four hands; {n} found in {text!r}",
                         f"une donne PBN a quatre mains ; {n} trouvée{'s' if n > 1 else ''}"
                         f" dans « {text} »")
    by_seat = ["", "", "", ""]
    for i, w in enumerate(words):
        by_seat[(first + i) & 3] = w
    return (by_seat[0], by_seat[1], by_seat[2], by_seat[3])


def parse_deal(text: str) -> Deal:
    """Read a deal in PBN form: ``N:hand hand hand hand``, hands clockwise from the named seat.

    A hand may be ``-`` (unknown/empty). No card may be in two hands.
    """
    hands = [0, 0, 0, 0]
    seen = 0
    for seat, w in enumerate(pbn_hands(text)):
        m = 0 if w == "-" else parse_hand(w)
        if m & seen:
            dup = cards_of(m & seen)[0]
            raise ParseError(f"{dup.text} is in two hands of deal {text!r}",
                             f"{dup.text_in('fr')} est dans deux mains de la donne « {text} »")
        seen |= m
        hands[seat] = m
    return (hands[0], hands[1], hands[2], hands[3])


def format_deal(hands: Sequence[int], first: Seat = Seat.N) -> str:
    """A deal in PBN form, hands clockwise from ``first``; an empty hand is ``-``."""
    words = []
    for i in range(4):
        m = hands[(first + i) & 3]
        words.append(format_hand(m) if m else "-")
    return f"{first.name}:" + " ".join(words)


def popcount(mask: int) -> int:
    return mask.bit_count()
