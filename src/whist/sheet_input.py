"""What a scorer gives a score sheet (RULES.md §6), read the same way by ``whist sheet`` and the
web app's sheets (:mod:`whist.server.sheets`): a new sheet of either game, a deal in the words
``whist sheet add`` takes, a penalty, the last entry taken back, a sheet's JSON read back.

Every function returns a new sheet or raises a :class:`~whist.cards.Refusal` (English, and
French in ``fr``) saying what is impossible; the sheet given is never changed. The points and
every check are the sheets' own (:mod:`whist.sheet`, :mod:`whist.classic_sheet`).

>>> s = new_sheet("couleur", {"N": "Anne"})
>>> s = add_deal(s, "solo 7", declarers="N", tricks="8")
>>> s = add_penalty(s, "W")
>>> s.totals()
{'N': 21, 'E': -7, 'S': -7, 'W': -22}
>>> add_deal(s, "call NS")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
whist.cards.Refusal: this is a colour-whist sheet (preset couleur): ...
>>> read_sheet(dumps(s)) == s
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from whist.cards import Lang, ParseError, Refusal, Side, parse_side, read_json
from whist.classic_sheet import (
    CALL_WORDS,
    CLASSIC_SHEET_FORMAT,
    DEAL_WORDS,
    ClassicSheet,
    ClassicSheetError,
    called,
    played,
)
from whist.contracts import parse_contract
from whist.rules import Rules, check_not_fixed, find_preset, preset, with_options
from whist.sheet import Entry, Sheet, SheetError, dumps, parse_entry, seat_words
from whist.wording import TERMINAL, Wording

__all__ = ["AnySheet", "add_deal", "add_penalty", "colour_entry", "colour_takes_no_option", "dumps",
           "new_sheet", "read_sheet", "sheet_rules", "undo"]

AnySheet = Sheet | ClassicSheet

_CLASSIC_TAKES = ("a deal's tricks and honours ({classic_deal}) or a game won by calling at eight ({call})",
                  "les levées et les honneurs d'une donne ({classic_deal}) ou une manche gagnée par le chant"
                  " à huit ({call})")
"""What a classic-whist sheet takes, in English and French, with the front end's ``{names}``."""


def classic_takes(sheet: ClassicSheet, why: str, why_fr: str, wording: Wording = TERMINAL,
                  **values: object) -> Refusal:
    """``this is a classic-whist sheet …: it takes …; why`` in English and French (``why``,
    ``why_fr``: words whose ``{names}`` ``wording`` and ``values`` fill)."""
    return wording.refusal(
        Refusal, f"this is a classic-whist sheet (preset {{preset}}): it takes {_CLASSIC_TAKES[0]}; {why}",
        f"c'est une feuille de whist classique (préréglage {{preset}}) : elle prend {_CLASSIC_TAKES[1]} ;"
        f" {why_fr}", **values, preset=sheet.rules.preset)


def new_sheet(preset: str | Rules, names: Mapping[str, object] | None = None, lang: Lang = "en") -> AnySheet:
    """An empty sheet of the game ``preset`` plays (a preset's name, or rules already built with
    their options): colour whist (couleur, pagat) or classic whist (classic, short, simple)."""
    if isinstance(preset, Rules):
        if preset.game == "classic":
            return ClassicSheet.new(preset, names, lang)
        return Sheet.new(preset.preset, names, lang)
    rules = find_preset(preset)
    if rules is not None and rules.game == "classic":
        return ClassicSheet.new(rules, names, lang)
    return Sheet.new(preset, names, lang)  # refuses a name that is no preset


def colour_takes_no_option(rules: Rules, wording: Wording = TERMINAL) -> Refusal:
    """The refusal of rule options for a colour-whist sheet: its points come from the preset's
    scoring table."""
    return wording.refusal(
        Refusal,
        "the colour-whist sheet (preset {preset}) takes {no_option}: its points come from the"
        " preset's scoring table; options are for the classic-whist presets classic, short and simple",
        "la feuille de whist à la couleur (préréglage {preset}) ne prend {no_option} : ses points"
        " viennent du barème du préréglage ; les options sont pour les préréglages du whist classique"
        " classic, short et simple", preset=rules.preset)


def sheet_rules(preset_name: str, options: Mapping[str, Any] | None = None,
                wording: Wording = TERMINAL) -> Rules:
    """The rules of a new sheet: the preset's, with ``options`` (``{"stake": 0.5}``) for classic
    whist only; a :class:`~whist.cards.Refusal` for an unknown preset or option, a value an option
    cannot take, an option that comes with the preset (game, style) or any option at all on a
    colour-whist sheet (saying how to give them in ``wording``).

    >>> sheet_rules("classic", {"stake": "0.5"}).stake
    0.5
    >>> sheet_rules("pagat", {"stake": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    whist.cards.Refusal: the colour-whist sheet (preset pagat) takes no --option: ...
    """
    rules = preset(preset_name)
    if not options:
        return rules
    if rules.game != "classic":
        raise colour_takes_no_option(rules, wording)
    check_not_fixed(options)
    return with_options(rules, options, wording=wording)


def colour_entry(contract: str, declarers: str = "", tricks: str = "", trump: str | None = None,
                 needed: int | None = None, queens: str = "", double: bool = False,
                 lang: Lang = "en", wording: Wording = TERMINAL) -> Entry:
    """A colour-whist entry from the words typed (:func:`whist.sheet.parse_entry`); the queens
    game without the queens is refused here (the sheet would score it as nobody's). ``wording``:
    how a refusal says to give what is missing."""
    if not (declarers.strip() and tricks.strip()) and _deal_typed_in(contract, lang):
        raise wording.refusal(SheetError, "{typed!r} is not a contract: give the declarers and the tricks"
                              " apart ({colour_deal})",
                              "« {typed} » n'est pas un contrat : donnez les preneurs et les plis à part"
                              " ({colour_deal})", typed=" ".join(contract.split()))
    entry = parse_entry(contract, declarers, tricks, trump or "", "" if needed is None else str(needed),
                        queens, "2" if double else "", lang, wording)
    c = entry.contract
    if c is not None and c.kind == "dames" and not queens.strip():
        raise wording.refusal(SheetError, "the queens game needs the queens each player took: {queens_taken}",
                              "la misère par les dames demande les dames prises par chaque joueur :"
                              " {queens_taken}")
    return entry


_SEATS_OR_TRICKS = re.compile(r"[NESWO](?:[,+][NESWO])*|\d+|[NESWO]=\d+(?:,[NESWO]=\d+)*", re.I)
"""A word that names declarers (``N``, ``N+E``) or tricks (``8``, ``N=0,E=1``)."""


def _deal_typed_in(contract: str, lang: Lang) -> bool:
    """Whether ``contract`` is no contract only because its declarers and tricks were typed after it
    (``solo 7 N 8``, ``petite misère S 0``): the words before the last one or two, which name
    seats or tricks, are one.

    >>> _deal_typed_in("solo 7 N 8", "en"), _deal_typed_in("solo 7 S", "en"), _deal_typed_in("solo 7 X", "en")
    (True, False, False)
    """
    words = contract.split()
    try:
        parse_contract(contract, lang=lang)
        return False
    except ParseError:
        pass
    for cut in (1, 2):
        if len(words) <= cut or not _SEATS_OR_TRICKS.fullmatch(words[-cut]):
            return False
        try:
            parse_contract(" ".join(words[:-cut]), lang=lang)
            return True
        except ParseError:
            continue
    return False


_COLOUR_FIELDS = ("declarers", "trump", "needed", "queens", "double")
"""The fields of a deal that only colour whist has, named as :class:`~whist.sheet.Wording` names them."""


def add_deal(sheet: AnySheet, contract: str = "", declarers: str = "", tricks: str = "",
             honours: str | None = None, trump: str | None = None, needed: int | None = None,
             queens: str = "", double: bool = False, lang: Lang = "en",
             wording: Wording = TERMINAL) -> AnySheet:
    """``sheet`` with one deal added, given as ``whist sheet add`` takes it. Colour whist: the
    ``contract``'s words, its ``declarers`` and ``tricks`` (and ``trump``, ``needed``, ``queens``,
    ``double``). Classic whist: the ``tricks`` of one side and the ``honours``, or ``contract``
    ``call NS``. ``lang``: the language the words are read in (``C`` is cœur in French);
    ``wording``: how a refusal names what to give (the terminal's flags, the web's fields)."""
    words = contract.strip()
    parts = words.split()
    call = bool(parts) and parts[0].lower() in CALL_WORDS
    if isinstance(sheet, ClassicSheet):
        if len(parts) == 1 and parts[0].lower() in DEAL_WORDS:  # donne --tricks NS=8: a deal, said
            parts = []
        if parts and not call:
            raise classic_takes(sheet, "a contract such as {words!r} is colour whist",
                                "un contrat comme « {words} » est du whist à la couleur", wording,
                                words=words)
        given = (declarers, trump is not None, needed is not None, queens, double)
        colour_only = [name for name, g in zip(_COLOUR_FIELDS, given, strict=True) if g]
        if colour_only:
            fields, many = ", ".join(f"{{{name}}}" for name in colour_only), len(colour_only) > 1
            raise classic_takes(sheet, f"{fields} {'are' if many else 'is'} for colour whist",
                                f"{fields} {'sont' if many else 'est'} pour le whist à la couleur", wording)
        if call:
            if len(parts) != 2:
                raise wording.refusal(ClassicSheetError, "name the side that called, NS or EW: {call}",
                                      "nommez le camp qui a chanté, NS ou EO : {call}")
            if tricks.strip() or honours is not None:
                raise wording.refusal(ClassicSheetError,
                                      "a game won by calling at eight has no tricks or honours: {call}",
                                      "une manche gagnée par le chant à huit n'a ni levées ni honneurs :"
                                      " {call}")
            return sheet.add(called(parts[1]), wording)
        if not tricks.strip():
            raise wording.refusal(ClassicSheetError, f"give the tricks of a side: {_CLASSIC_TAKES[0]}",
                                  f"donnez les levées d'un camp : {_CLASSIC_TAKES[1]}")
        side = _side_alone(tricks)
        if side is not None:
            raise wording.refusal(ClassicSheetError, "give the number of tricks {side} took: {side_tricks}",
                                  "donnez le nombre de levées faites par {side_fr} : {side_tricks}",
                                  side=side.name, side_fr=side.name_fr)
        return sheet.add(played(tricks, honours or ""), wording)
    if honours is not None or not words or call:
        raise wording.refusal(
            Refusal,
            "this is a colour-whist sheet (preset {preset}): it takes a contract, its declarers and"
            " tricks ({colour_deal}); tricks per side, honours and calling at eight are classic whist",
            "c'est une feuille de whist à la couleur (préréglage {preset}) : elle prend un contrat, ses"
            " preneurs et leurs plis ({colour_deal}) ; les levées par camp, les honneurs et le chant à"
            " huit sont du whist classique", preset=sheet.preset)
    entry = colour_entry(words, declarers, tricks, trump, needed, queens, double, lang, wording)
    return sheet.add(entry, wording)


def _side_alone(tricks: str) -> Side | None:
    """The side of classic tricks given without their number (``NS=``, ``EO :``, ``NS``), as a
    form sends a side chosen with its number left empty; ``None`` for anything else."""
    try:
        return parse_side(tricks.strip().rstrip("=: "))
    except ParseError:
        return None


def add_penalty(sheet: AnySheet, seat: str, wording: Wording = TERMINAL) -> Sheet:
    """Colour whist: ``sheet`` with a referee's penalty to the player at ``seat`` (``wording``:
    how a refusal says to give one)."""
    if isinstance(sheet, ClassicSheet):
        raise classic_takes(sheet, "penalties are colour whist", "les pénalités sont du whist à la couleur",
                            wording)
    if len(seat_words(seat)) != 1:
        raise wording.refusal(SheetError, "a penalty names one offender, e.g. {penalty}",
                              "une pénalité nomme un seul fautif, par exemple {penalty}")
    return sheet.add(parse_entry("penalty", seat))


def undo(sheet: AnySheet) -> AnySheet:
    """``sheet`` without its last entry (refused on an empty sheet)."""
    return sheet.remove_last()


def read_sheet(text: str) -> AnySheet:
    """The sheet a JSON text holds (as :func:`~whist.sheet.dumps` writes it), colour or classic;
    a :class:`~whist.cards.Refusal` if it is no sheet (empty, not JSON, nested too deeply, or a sheet
    with an impossible entry: every entry is checked and scored again)."""
    if not text.strip():
        raise Refusal("it is empty", "le fichier est vide")
    try:
        data: Any = read_json(text)
        if not isinstance(data, dict):
            raise SheetError("not a score sheet", "pas une feuille de marque")
        if data.get("format") == CLASSIC_SHEET_FORMAT:
            return ClassicSheet.from_json(data)
        return Sheet.from_json(data)
    except (SheetError, ParseError, ClassicSheetError) as exc:
        raise Refusal(exc.en, exc.fr) from None
