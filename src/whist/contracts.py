"""The contracts of colour whist (RULES.md §5.5): kinds, levels, names in French and English.

A :class:`Contract` is a kind (``solo``, ``emballage``, ``petite_misere`` …), a level for
the kinds that have one (tricks to take), and a suit for the suited kinds.

>>> parse_contract("solo 7").text
'solo 7'
>>> parse_contract("grande misère sur table").kind
'grande_misere_sur_table'
>>> parse_contract("emballage 9").level
9
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from whist.cards import Lang, ParseError, Suit, of_fr

__all__ = ["KINDS", "MISSPELLINGS", "Contract", "Kind", "LevelError", "of_fr", "parse_contract"]


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of contract: its key, names, whether it names a suit, its levels, its family
    (``partnership``, ``solo``, ``misere``, ``trou``, ``all_pass``) for summaries, and whether each
    player discards a card before the play (``discard``: the petite misère, RULES.md §5.5)."""

    key: str
    en: str
    fr: str
    suited: bool
    family: str
    levels: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()
    discard: bool = False

    @property
    def tricks(self) -> int:
        """The tricks the deal is played in: 12 where each player discards a card first, else 13."""
        return 12 if self.discard else 13

    @property
    def fr_the(self) -> str:
        """The French name with its article, as a sentence names it: ``le trou``, ``la petite
        misère``, ``l'emballage``, ``l'abondance``."""
        if self.fr[:1] in "aeiouéh":
            return "l'" + self.fr
        return ("la " if self.feminine else "le ") + self.fr

    @property
    def feminine(self) -> bool:
        """Whether the French name is feminine (``une misère``, ``une abondance``; ``un solo``,
        ``un emballage``, ``un trou``, ``un chelem``, ``un piccolo``), for the words that agree
        with it: ``réussie``, ``chutée``."""
        return "misère" in self.fr or self.fr.startswith("abondance")

    @property
    def is_misere(self) -> bool:
        """No-trump contracts whose declarers must avoid tricks (misères) or take exactly a few
        (piccolo, piccolissimo)."""
        return self.family == "misere"


KINDS: dict[str, Kind] = {
    k.key: k
    for k in (
        Kind("emballage", "emballage", "emballage", True, "partnership", (8, 9, 10, 11, 12, 13),
             ("proposal", "couleur", "pair", "samen", "vragen")),
        Kind("solo", "solo", "solo", True, "solo", (5, 6, 7, 8), ("alleen",)),
        Kind("piccolissimo", "piccolissimo", "piccolissimo", False, "misere"),
        Kind("petite_misere", "small misère", "petite misère", False, "misere",
             aliases=("petite misere", "small misere", "misere", "misère", "kleine miserie"),
             discard=True),
        Kind("piccolo", "piccolo", "piccolo", False, "misere"),
        Kind("abondance", "abondance", "abondance", True, "solo", (9, 10, 11, 12),
             ("abundance",)),
        Kind("abondance_sur_table", "open abondance", "abondance sur table", True, "solo",
             aliases=("abondance on the table", "abondance on table")),
        Kind("trou", "trou", "trou", False, "trou", aliases=("troel", "three aces")),
        Kind("grande_misere", "large misère", "grande misère", False, "misere",
             aliases=("grande misere", "large misere", "grote miserie")),
        Kind("grande_misere_sur_table", "open misère", "grande misère sur table", False, "misere",
             aliases=("grande misere sur table", "open misere", "large misère on the table",
                      "large misere on the table", "misère sur table", "misere sur table",
                      "miserie bloot")),
        Kind("chelem", "slam", "chelem", True, "solo",
             aliases=("solo chelem", "solo slim", "solo slam", "slem")),
        Kind("dames", "queens", "misère par les dames", False, "all_pass",
             aliases=("misere par les dames", "queens", "dames")),
    )
}


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract: a kind, a level (tricks) where the kind has levels, a suit where it is suited
    (``None`` when not yet named, e.g. on the score sheet)."""

    kind: str
    level: int | None = None
    suit: Suit | None = None

    @property
    def info(self) -> Kind:
        return KINDS[self.kind]

    @property
    def text(self) -> str:
        """Canonical English text: ``solo 7 H``, ``emballage 9``, ``petite_misere`` as ``small misère``."""
        k = self.info
        words = [k.key if k.key in ("emballage", "solo", "abondance") else k.en]
        if self.level is not None and k.levels:
            words.append(str(self.level))
        if self.suit is not None:
            words.append(self.suit.letter)
        return " ".join(words)

    @property
    def text_fr(self) -> str:
        k = self.info
        words = [k.fr]
        if self.level is not None and k.levels:
            words.append(str(self.level))
        if self.suit is not None:
            words.append(self.suit.name_fr)
        return " ".join(words)


SUIT_LINKS = frozenset({"à", "a", "en", "de", "du", "in"})
"""The words a player may say between a contract and its suit: « solo 7 à cœur », « abondance en
pique », « propose de cœur »."""


MISSPELLINGS: dict[str, str] = {
    "picolo": "piccolo", "piccollo": "piccolo", "picolissimo": "piccolissimo", "abondence": "abondance",
    "gr": "grande", "gde": "grande", "pt": "petite", "ptite": "petite", "p'tite": "petite",
    "p’tite": "petite",
}
"""The words of a contract's name as clubs write them, each with the word it stands for: « picolo »,
« picolissimo » (seed 003 spells it so once, piccolissimo twice), « abondence 9 pique », « gr
misère », « gde misère sur table », « pt misère », « p'tite misère ». A word, not a whole name,
so that it reads in every name that has it; a name said another way (``small misère``, ``troel``)
is an alias of its :class:`Kind`."""


TRICK_WORDS = frozenset({"plis", "pli", "tricks", "trick"})
"""The words a player may say after a level, which only says again that it counts tricks: « solo 7
plis cœur » is solo 7 cœur (the seed: « 7 plis en solo »)."""


def _norm(text: str) -> str:
    """``text`` in lower case, its words split by spaces, underscores and hyphens (``petite-misère``,
    ``solo-7``, ``solo - 7``); a minus sign before a number, after a space, stays (``solo -7``,
    refused); a misspelled word as it is meant (:data:`MISSPELLINGS`)."""
    t = re.sub(r"(?<=\S)-|-(?!\d)", " ", text.strip().lower().replace("_", " "))
    return " ".join(MISSPELLINGS.get(w, w) for w in t.split())


_NAMES: dict[str, str] = {}
for _k in KINDS.values():
    for _n in (_k.key, _k.en, _k.fr, *_k.aliases):
        _NAMES[_norm(_n)] = _k.key


Levels = Callable[[str], tuple[int, ...]]
"""The levels each kind of contract has at a table (its preset and options), by kind."""


class LevelError(ParseError):
    """A contract named with a level its kind does not have (at the table asked); ``contract``
    is the one named, for a caller that says in its own words why it is not played."""

    contract: Contract | None = None


def parse_contract(text: str, suit: Suit | None = None, levels: Levels | None = None,
                   lang: Lang = "en") -> Contract:
    """Read a contract name in French or English, with its level where it has one:
    ``solo 7``, ``emballage 9``, ``petite misère``, ``abondance 10``, ``chelem``, ``trou``; a
    level may be followed by the word plis (:data:`TRICK_WORDS`: ``solo 7 plis cœur``).
    A trailing suit (``solo 7 H``) is read too, its letter ``C`` as ``lang`` reads it
    (:func:`~whist.cards.parse_suit`); after a misère, piccolo or piccolissimo, which have no
    suit (RULES.md §5.2), it is refused, saying how to type the contract. Abondance without a
    level is abondance 9. A level outside ``levels(kind)`` (by default any preset's) is refused,
    naming those levels.

    >>> parse_contract("piccolo cœur", lang="fr")
    Traceback (most recent call last):
    ...
    whist.cards.ParseError: piccolo has no trump: type 'piccolo' without a suit
    """
    from whist.cards import parse_suit

    words = _norm(text).split()
    words = [w for i, w in enumerate(words)  # solo 7 plis cœur
             if not (w in TRICK_WORDS and i and words[i - 1].isascii() and words[i - 1].isdigit())]
    if not words:
        raise ParseError("empty contract name", "aucun contrat nommé")
    typed: Suit | None = None  # a suit named in ``text``
    if len(words) > 1:
        try:
            suit = typed = parse_suit(words[-1], lang)
            words = words[:-1]
        except ParseError:
            pass
        else:
            if len(words) > 1 and words[-1] in SUIT_LINKS:  # solo 7 à cœur, emballage en pique
                words = words[:-1]
    level: int | None = None
    if words and re.fullmatch(r"-\d+", words[-1]):
        raise ParseError(f"{text!r}: a level is a number of tricks, not {words[-1]}",
                         f"« {text} » : un niveau est un nombre de plis, pas {words[-1]}")
    if words and words[-1].isascii() and words[-1].isdigit():  # not '¹', which int() refuses
        level = int(words[-1])
        words = words[:-1]
    key = _NAMES.get(" ".join(words))
    if key is None:
        names = ", ".join(sorted({k.fr for k in KINDS.values()}))
        raise ParseError(f"{text!r} is not a contract (known: {names})",
                         f"« {text} » n'est pas un contrat (contrats connus : {names})")
    kind = KINDS[key]
    if typed is not None and kind.is_misere:
        bare = " ".join(words)
        raise ParseError(f"{kind.en} has no trump: type '{bare}' without a suit",
                         f"{kind.fr_the} se joue sans atout : tapez « {bare} » sans couleur")
    if kind.levels:
        if level is None:
            if key == "abondance":
                level = 9
            elif key == "emballage":
                level = 8
            else:
                example = f"{kind.key} {kind.levels[-1]}"  # with the suit typed, as it is typed
                en, fr = (example, example) if typed is None else (f"{example} {typed.letter}",
                                                                   f"{example} {typed.name_fr}")
                raise ParseError(f"{kind.en} needs a number of tricks, e.g. '{en}'",
                                 f"{kind.fr_the} demande un nombre de plis, par exemple « {fr} »")
        known = kind.levels if levels is None else levels(key)
        if level not in known:
            allowed = ", ".join(str(x) for x in known)
            exc = LevelError(f"{kind.en} {level} does not exist (levels: {allowed or 'none'})",
                             f"{kind.fr} {level} n'existe pas (niveaux : {allowed or 'aucun'})")
            exc.contract = Contract(key, level, suit if kind.suited else None)
            raise exc
    elif level is not None:
        raise ParseError(f"{kind.en} takes no number of tricks",
                         f"{kind.fr_the} se joue sans nombre de plis")
    if not kind.suited:
        suit = None
    return Contract(key, level, suit)
