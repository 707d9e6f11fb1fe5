"""The options of ``whist score`` and ``whist sheet`` (each with its French help, and the French
names of a deal's options, :data:`whist.wording.FRENCH_NAMES`: ``--preneurs``, ``--plis``,
``--levées``, ``--honneurs``, ``--dames``, ``--atout``),
and :class:`EntryCommand`, the command that takes one deal: a deal's option given twice is refused
rather than the last value kept without a word."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from typer._click.core import Context
from typer._click.exceptions import UsageError
from typer.core import TyperOption

from whist.cli_help import HelpCommand, en_fr
from whist.wording import french_flags

__all__ = [
    "DEFAULT_FILE", "DeclarersOpt", "DoubleOpt", "EntryCommand", "FileOpt", "HonoursOpt", "LangOpt",
    "NeededOpt", "NewLangOpt", "PresetOpt", "QueensOpt", "SheetLangOpt", "SheetTricksOpt", "TricksOpt",
    "TrumpOpt",
]


class EntryCommand(HelpCommand):
    """A command that takes one deal (``whist sheet add``, ``whist score``): an option of the deal
    (:attr:`DEAL_OPTIONS`) given twice (``--tricks NS=8 --tricks EO=6``, or ``--levées`` and
    ``--tricks``) is a usage error, not the last value kept without a word; it is named as it was
    typed last. Other options (``--lang``, ``--file``, ``--preset``) may be given again, the last
    one winning, as everywhere."""

    DEAL_OPTIONS = frozenset({"contract", "declarers", "tricks", "honours", "queens", "needed", "trump"})

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if not ctx.resilient_parsing and not set(args) & set(ctx.help_option_names):
            try:
                _, _, order = self.make_parser(ctx).parse_args(args=list(args))
            except UsageError:  # said by click itself, below
                order = []
            given = [p for p in order if isinstance(p, TyperOption) and p.name in self.DEAL_OPTIONS]
            twice = next((p for i, p in enumerate(given) if p in given[:i]), None)
            if twice is not None:
                ctx.fail(f"Option '{_typed(args, twice.opts)}' is given twice: give it once.")
        return super().parse_args(ctx, args)


def _typed(args: list[str], names: list[str]) -> str:
    """The name of an option among ``names`` (``--tricks``, ``--levées``, ``-t``) as ``args``
    give it last (``--levées=NS=8``, ``-tNS=8`` too); the first of ``names`` if none is found."""
    said = names[0]
    for a in args:
        if a == "--":
            break
        name = a.split("=", 1)[0] if a.startswith("--") else a[:2]
        if name in names:
            said = name
    return said

LangOpt = Annotated[str, typer.Option(
    "--lang", metavar="en|fr", help=en_fr(
        "Language of what is shown, of the errors and of this help: en or fr.",
        "Langue de ce qui est affiché, des erreurs et de cette aide : en ou fr."))]
NewLangOpt = Annotated[str, typer.Option(
    "--lang", metavar="en|fr", help=en_fr(
        "Language of the sheet: en or fr; it keeps it, so that the later commands speak it too.",
        "Langue de la feuille : en ou fr ; elle la garde, et les commandes suivantes la parlent"
        " aussi."))]
SheetLangOpt = Annotated[str | None, typer.Option(
    "--lang", metavar="en|fr", show_default=False, help=en_fr(
        "Language of what is shown and of the errors: en or fr (by default the sheet's own, as"
        " `whist sheet new --lang` set it); also of this help.",
        "Langue de ce qui est affiché et des erreurs : en ou fr (par défaut celle de la feuille,"
        " choisie par `whist sheet new --lang`) ; aussi de cette aide."))]
PresetOpt = Annotated[str, typer.Option(
    "--preset", "-p", metavar="NAME", help=en_fr(
        "Scoring table: couleur (the club's) or pagat.",
        "Barème : couleur (celui du club) ou pagat."))]
DeclarersOpt = Annotated[str, typer.Option(
    "--declarers", *french_flags("declarers"), "-d", metavar="SEATS", help=en_fr(
        "The declarers (preneurs): N, or two or more seats as N,E or N+E; seats N, E, S, W or O"
        " (Ouest).",
        "Les preneurs : N, ou deux places ou plus, N,E ou N+E ; places N, E, S, O (ou W)."))]
TricksOpt = Annotated[str, typer.Option(
    # in French plis alone, colour whist's word
    "--tricks", *french_flags("tricks")[:1], "-t", metavar="T|N=0,E=1", help=en_fr(
        "Tricks the declarers took together (8), or each declarer's (N=0,E=1: misères, piccolo).",
        "Plis des preneurs ensemble (8), ou de chaque preneur (N=0,E=1 : misères, piccolo)."))]
SheetTricksOpt = Annotated[str, typer.Option(
    "--tricks", *french_flags("tricks"), "-t", metavar="T|N=0,E=1|NS=8", help=en_fr(
        "Colour whist: tricks the declarers took together (8), or each declarer's (N=0,E=1:"
        " misères, piccolo). Classic whist: the tricks of one side, NS=8 or EW=5 (the other side"
        " took the rest).",
        "Whist à la couleur : plis des preneurs ensemble (8), ou de chaque preneur (N=0,E=1 :"
        " misères, piccolo). Whist classique : les levées d'un camp, NS=8 ou EO=5 (l'autre camp a"
        " fait le reste)."))]
HonoursOpt = Annotated[str | None, typer.Option(
    "--honours", *french_flags("honours"), metavar="NS=3|EW=4|none", help=en_fr(
        "Classic whist: the side that held three or four of A K Q J of trumps, and how many"
        " (NS=3, EW=4); none, 0 or left out: neither side held three.",
        "Whist classique : le camp qui avait trois ou quatre des honneurs d'atout (as, roi, dame,"
        " valet), et combien (NS=3, EO=4) ; none, 0 ou rien : aucun camp n'en avait trois."))]
TrumpOpt = Annotated[str | None, typer.Option(
    "--trump", *french_flags("trump"), metavar="SUIT", help=en_fr(
        "Trump of a suited contract (S H D C, ♠, cœur …); shown only.",
        "Atout d'un contrat à la couleur (P C K T en français, S H D C en anglais, ♠, cœur …) ;"
        " seulement affiché."))]
NeededOpt = Annotated[int | None, typer.Option(
    "--needed", metavar="8|9", help=en_fr(
        "Tricks a trou needs: 8 or 9 (RULES.md §5.3).",
        "Plis qu'il faut au trou : 8 ou 9 (RULES.md §5.3)."))]
QueensOpt = Annotated[str, typer.Option(
    "--queens", *french_flags("queens"), metavar="N=2,E=1,S=1", help=en_fr(
        "Queens each player took (misère par les dames).",
        "Dames prises par chaque joueur (misère par les dames)."))]
DoubleOpt = Annotated[bool, typer.Option(
    "--double", help=en_fr(
        "The deal scores double (after a passed deal, all_pass=redeal_double).",
        "La donne compte double (après une donne où tous ont passé, all_pass=redeal_double)."))]
FileOpt = Annotated[Path, typer.Option(
    "--file", "-f", metavar="FILE", envvar="WHIST_SHEET", dir_okay=False, readable=False, help=en_fr(
        "The sheet's JSON file (environment variable WHIST_SHEET).",
        "Le fichier JSON de la feuille (variable d'environnement WHIST_SHEET)."))]

DEFAULT_FILE = Path("whist-sheet.json")
