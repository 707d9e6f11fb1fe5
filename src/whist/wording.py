"""How a front end tells a person what to give: the words a refusal of the rules or of a score
sheet uses to name a flag, a command, a form's field or an API's field.

The rules (:mod:`whist.rules`) and the sheets (:mod:`whist.sheet`, :mod:`whist.sheet_input`) say
what is wrong and leave how to give it to the front end that shows the refusal: the terminal
(:data:`TERMINAL`, its commands and flags) or the web app (``whist.server.sheets.WEB``, its forms
and the fields of its API's JSON). A refusal's words are written once, with ``{name}`` where the
front end's text goes.

>>> TERMINAL.refusal(Refusal, "unknown option {given!r} ({option_list})",
...                  "option « {given} » inconnue ({option_list})", given="{x}").en
"unknown option '{x}' (see `whist rules` for the list)"
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from whist.cards import Refusal

__all__ = ["CSV_ROWS", "FRENCH_COLUMNS", "FRENCH_NAMES", "SCORE", "TERMINAL", "Wording", "column_names",
           "french_flags"]

R = TypeVar("R", bound=Refusal)


@dataclass(frozen=True, slots=True)
class Wording:
    """How a front end tells a person to give what a refusal asks for: a text by name, in English
    (``en``) and in French (``fr``), filling the ``{name}`` of the refusal's words.

    The names. Score sheets: ``queens_taken`` (the queens each player took), ``offender`` (a
    penalty's seat among a deal's fields), ``penalty`` (a penalty given on its own),
    ``declarers``, ``trump``, ``needed``, ``queens`` and ``double`` (those fields),
    ``declarers_eg`` (how to name a deal's declarers), ``tricks_eg`` (their tricks),
    ``each_tricks_eg`` (each misère declarer's tricks), ``tricks_number`` (how tricks that are
    no number are given),
    ``colour_deal`` and ``classic_deal`` (a deal of each game), ``side_tricks`` (the number of
    tricks of a classic deal's side), ``call`` (a game won by calling at eight), ``no_option`` (a
    sheet without rule options), ``new_sheet`` (another sheet). Rule options: ``choose_preset``
    (how the preset is chosen), ``option_list`` (where the options are listed), ``on_off`` (the
    values of an option that is on or off).

    >>> TERMINAL.refusal(Refusal, "the queens game needs the queens: {queens_taken} (not {given!r})",
    ...                  "il faut les dames : {queens_taken} (pas « {given} »)", given="{x}").fr
    'il faut les dames : --dames N=2,E=1,S=1 (pas « {x} »)'
    """

    en: Mapping[str, str]
    fr: Mapping[str, str]

    def refusal(self, kind: type[R], en: str, fr: str, **values: object) -> R:
        """A refusal of ``kind`` (:class:`~whist.sheet.SheetError`,
        :class:`~whist.rules.RulesError` …) whose English and French words are ``en`` and ``fr``
        with this front end's texts, and ``values`` (what the person gave, never read as words),
        in their ``{name}``."""
        return kind(en.format_map({**self.en, **values}), fr.format_map({**self.fr, **values}))


FRENCH_NAMES: dict[str, tuple[str, ...]] = {
    "contract": ("contrat",), "declarers": ("preneurs",), "tricks": ("plis", "levées", "levees"),
    "trump": ("atout",), "queens": ("dames",), "honours": ("honneurs",),
}
"""The French names of a deal's fields, by their English name: the aliases of the options of
``whist score`` and ``whist sheet add`` (``--preneurs`` for ``--declarers``) and of the columns of a
CSV that ``whist sheet import`` reads (``preneurs`` for ``declarers``). Of the tricks, ``plis`` is
colour whist's word and ``levées`` classic whist's."""


FRENCH_COLUMNS: dict[str, str] = {word: name for name, words in FRENCH_NAMES.items() for word in words}
"""The English name of a deal's field by its French one (``preneurs``: ``declarers``), as a CSV's
header may name a column."""


def column_names(name: str) -> str:
    """A CSV's column ``name`` and its French names, as a French message names it: ``declarers
    (ou preneurs)``, ``tricks (ou plis, levées)`` (a name without its accents left out)."""
    words = FRENCH_NAMES.get(name, ())
    shown = [w for w in words if not any(o != w and _unaccented(o) == w for o in words)]
    return f"{name} (ou {', '.join(shown)})" if shown else name


def _unaccented(word: str) -> str:
    """``word`` without its accents: ``levees`` of ``levées``."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii")


def french_flags(name: str) -> tuple[str, ...]:
    """The French flags of the option of a deal's field ``name``: ``("--preneurs",)`` of
    ``declarers``."""
    return tuple(f"--{word}" for word in FRENCH_NAMES[name])


def _flags(lang: str) -> dict[str, str]:
    """The flags of a deal's options as the terminal names them in ``lang`` (en or fr), by the
    option's English name; ``levées`` names the tricks of classic whist."""
    en = {name: f"--{name}" for name in FRENCH_NAMES}
    if lang == "en":
        return {**en, "levées": en["tricks"]}
    return {**en, **{name: f"--{words[0]}" for name, words in FRENCH_NAMES.items()},
            "levées": f"--{FRENCH_NAMES['tricks'][1]}"}


def _terminal(lang: str, seat: str, ew: str, call: str) -> dict[str, str]:
    """The texts of :data:`TERMINAL` that only name its flags and commands, in ``lang``, with the
    letter ``seat`` of West and the side ``ew`` East–West, and ``call``, the word of a game won
    by calling at eight."""
    f = _flags(lang)
    return {"queens_taken": f"{f['queens']} N=2,E=1,S=1", "offender": f"{f['declarers']} {seat}",
            "penalty": f"whist sheet penalty {seat}", "declarers": f["declarers"], "trump": f["trump"],
            "needed": "--needed", "queens": f["queens"], "double": "--double",
            "colour_deal": f"whist sheet add solo 7 {f['declarers']} N {f['tricks']} 8",
            "classic_deal": f"whist sheet add {f['levées']} NS=8 {f['honours']} {ew}=4",
            "side_tricks": f"{f['levées']} NS=8", "call": f"whist sheet add {call} NS"}


_EN, _FR = _flags("en"), _flags("fr")
TERMINAL = Wording(
    en={**_terminal("en", "W", "EW", "call"),
        "declarers_eg": f"e.g. {_EN['declarers']} N or {_EN['declarers']} N+E",
        "tricks_eg": f"{_EN['tricks']} 8 (the declarers together) or {_EN['tricks']} N=0,E=1 (each"
                     " declarer's)",
        "each_tricks_eg": f"e.g. {_EN['tricks']} N=0,E=1", "no_option": "no --option",
        "tricks_number": "write a number (8) or seat=tricks (N=0,E=1)",
        "new_sheet": "whist sheet new --force, or another --file",
        "choose_preset": "--preset short, or preset = \"short\" at the top of a rules file",
        "option_list": "see `whist rules` for the list", "on_off": "on/off"},
    fr={**_terminal("fr", "O", "EO", "chant"),
        "declarers_eg": f"par exemple {_FR['declarers']} N ou {_FR['declarers']} N+E",
        "tricks_eg": f"{_FR['tricks']} 8 (les preneurs ensemble) ou {_FR['tricks']} N=0,E=1 (ceux de"
                     " chaque preneur)",
        "each_tricks_eg": f"par exemple {_FR['tricks']} N=0,E=1", "no_option": "pas d'--option",
        "tricks_number": "tapez un nombre (8) ou place=plis (N=0,E=1)",
        "new_sheet": "whist sheet new --force, ou un autre --file",
        "choose_preset": "--preset short, ou preset = \"short\" en tête d'un fichier de règles",
        "option_list": "la liste : `whist rules --lang fr`", "on_off": "on/off (oui/non)"})
"""What the terminal asks for: the ``whist`` commands' flags, ``whist sheet``'s commands, the
rules files."""

CSV_ROWS = Wording(
    en={**TERMINAL.en, "declarers_eg": "e.g. N or N+E in the declarers column",
        "tricks_eg": "8 (the declarers together) or N=0,E=1 (each declarer's) in the tricks column",
        "each_tricks_eg": "e.g. N=0,E=1 in the tricks column"},
    fr={**TERMINAL.fr, "declarers_eg": f"par exemple N ou N+O dans la colonne {column_names('declarers')}",
        "tricks_eg": "8 (les preneurs ensemble) ou N=0,E=1 (ceux de chaque preneur) dans la colonne"
                     f" {column_names('tricks')}",
        "each_tricks_eg": f"par exemple N=0,E=1 dans la colonne {column_names('tricks')}"})
"""What a row of a CSV imported by ``whist sheet import`` asks for: its columns' values, where
the terminal names its flags (``--tricks 8``)."""

SCORE = Wording(*({**w, "colour_deal": w["colour_deal"].replace("whist sheet add", "whist score")}
                  for w in (TERMINAL.en, TERMINAL.fr)))
"""What ``whist score`` asks for: the terminal's flags, a deal as that command takes it."""
