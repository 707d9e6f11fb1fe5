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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

from whist.cards import Refusal

__all__ = ["CSV_ROWS", "SCORE", "TERMINAL", "Wording"]

R = TypeVar("R", bound=Refusal)


@dataclass(frozen=True, slots=True)
class Wording:
    """How a front end tells a person to give what a refusal asks for: a text by name, in English
    (``en``) and in French (``fr``), filling the ``{name}`` of the refusal's words.

    The names. Score sheets: ``queens_taken`` (the queens each player took), ``offender`` (a
    penalty's seat among a deal's fields), ``penalty`` (a penalty given on its own),
    ``declarers``, ``trump``, ``needed``, ``queens`` and ``double`` (those fields),
    ``declarers_eg`` (how to name a deal's declarers), ``tricks_eg`` (their tricks),
    ``each_tricks_eg`` (each misère declarer's tricks),
    ``colour_deal`` and ``classic_deal`` (a deal of each game), ``side_tricks`` (the number of
    tricks of a classic deal's side), ``call`` (a game won by calling at eight), ``no_option`` (a
    sheet without rule options), ``new_sheet`` (another sheet). Rule options: ``choose_preset``
    (how the preset is chosen), ``option_list`` (where the options are listed), ``on_off`` (the
    values of an option that is on or off).

    >>> TERMINAL.refusal(Refusal, "the queens game needs the queens: {queens_taken} (not {given!r})",
    ...                  "il faut les dames : {queens_taken} (pas « {given} »)", given="{x}").fr
    'il faut les dames : --queens N=2,E=1,S=1 (pas « {x} »)'
    """

    en: Mapping[str, str]
    fr: Mapping[str, str]

    def refusal(self, kind: type[R], en: str, fr: str, **values: object) -> R:
        """A refusal of ``kind`` (:class:`~whist.sheet.SheetError`,
        :class:`~whist.rules.RulesError` …) whose English and French words are ``en`` and ``fr``
        with this front end's texts, and ``values`` (what the person gave, never read as words),
        in their ``{name}``."""
        return kind(en.format_map({**self.en, **values}), fr.format_map({**self.fr, **values}))


TERMINAL = Wording(
    en={"queens_taken": "--queens N=2,E=1,S=1", "offender": "--declarers W",
        "penalty": "whist sheet penalty W", "declarers": "--declarers", "trump": "--trump",
        "needed": "--needed", "queens": "--queens", "double": "--double",
        "declarers_eg": "e.g. --declarers N or --declarers N+E",
        "tricks_eg": "--tricks 8 (the declarers together) or --tricks N=0,E=1 (each declarer's)",
        "each_tricks_eg": "e.g. --tricks N=0,E=1",
        "colour_deal": "whist sheet add solo 7 --declarers N --tricks 8",
        "classic_deal": "whist sheet add --tricks NS=8 --honours EW=4", "side_tricks": "--tricks NS=8",
        "call": "whist sheet add call NS", "no_option": "no --option",
        "new_sheet": "whist sheet new --force, or another --file",
        "choose_preset": "--preset short, or preset = \"short\" at the top of a rules file",
        "option_list": "see `whist rules` for the list", "on_off": "on/off"},
    fr={"queens_taken": "--queens N=2,E=1,S=1", "offender": "--declarers O",
        "penalty": "whist sheet penalty O", "declarers": "--declarers", "trump": "--trump",
        "needed": "--needed", "queens": "--queens", "double": "--double",
        "declarers_eg": "par exemple --declarers N ou --declarers N+E",
        "tricks_eg": "--tricks 8 (les preneurs ensemble) ou --tricks N=0,E=1 (ceux de chaque preneur)",
        "each_tricks_eg": "par exemple --tricks N=0,E=1",
        "colour_deal": "whist sheet add solo 7 --declarers N --tricks 8",
        "classic_deal": "whist sheet add --tricks NS=8 --honours EO=4", "side_tricks": "--tricks NS=8",
        "call": "whist sheet add chant NS", "no_option": "pas d'--option",
        "new_sheet": "whist sheet new --force, ou un autre --file",
        "choose_preset": "--preset short, ou preset = \"short\" en tête d'un fichier de règles",
        "option_list": "la liste : `whist rules --lang fr`", "on_off": "on/off (oui/non)"})
"""What the terminal asks for: the ``whist`` commands' flags, ``whist sheet``'s commands, the
rules files."""

CSV_ROWS = Wording(
    en={**TERMINAL.en, "declarers_eg": "e.g. N or N+E in the declarers column",
        "tricks_eg": "8 (the declarers together) or N=0,E=1 (each declarer's) in the tricks column",
        "each_tricks_eg": "e.g. N=0,E=1 in the tricks column"},
    fr={**TERMINAL.fr, "declarers_eg": "par exemple N ou N+O dans la colonne declarers",
        "tricks_eg": "8 (les preneurs ensemble) ou N=0,E=1 (ceux de chaque preneur) dans la colonne tricks",
        "each_tricks_eg": "par exemple N=0,E=1 dans la colonne tricks"})
"""What a row of a CSV imported by ``whist sheet import`` asks for: its columns' values, where
the terminal names its flags (``--tricks 8``)."""

SCORE = Wording(en={**TERMINAL.en, "colour_deal": "whist score solo 7 --declarers N --tricks 8"},
                fr={**TERMINAL.fr, "colour_deal": "whist score solo 7 --declarers N --tricks 8"})
"""What ``whist score`` asks for: the terminal's flags, a deal as that command takes it."""
