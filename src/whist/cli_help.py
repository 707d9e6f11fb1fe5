"""The help of ``whist`` and of its commands in English or French.

Every help text is written in both languages side by side: :func:`en_fr` for the help of an
option, an argument or a group, :func:`fr_doc` for the French of a command whose English help is
its docstring. Typer builds the commands with the English; :class:`HelpCommand` and
:class:`HelpGroup` print the French instead when the help is asked in French, with click's own
words (``Usage :``, ``Options``, ``Commandes``, ``[par défaut : …]``, ``Afficher ce message et
quitter.``) in French too.

The help is in French when the command line says ``--lang fr`` anywhere (its last ``--lang``
counts: ``whist play --help --lang fr``, ``whist --lang fr --help``), or, without ``--lang``, when
the environment variable ``WHIST_LANG`` is ``fr``, which makes the commands themselves speak French
too (:func:`root_lang`). The locale (``LANG``) does not count, for the commands or their help.
The language a sheet file was started in is not read for the help. Another language than en or fr
(``--lang de``, ``WHIST_LANG=nl``) is refused as the help is asked, as a command refuses it.
"""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar

from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import NoArgsIsHelpError
from typer._click.formatting import HelpFormatter
from typer._click.utils import make_default_short_help
from typer.core import TyperArgument, TyperCommand, TyperGroup

__all__ = [
    "LANG_ENV",
    "PLACEHOLDERS",
    "TYPES",
    "HelpCommand",
    "HelpGroup",
    "en_fr",
    "env_lang",
    "fr_doc",
    "french",
    "french_placeholders",
    "french_usage_line",
    "help_lang",
    "lang_defaults",
    "lang_option",
    "root_lang",
]

LANG_ENV = "WHIST_LANG"
"""The environment variable that asks for French (``fr``) when the command line has no ``--lang``:
the language of every command (what it prints, its errors, its usage errors) and of its help."""

_HELP_ARGS = "whist.help_args"
"""Where the context (shared by a command and the groups above it) keeps the command line the help's
language is read from (:func:`help_lang`), as the first group was given it."""

_FRENCH: dict[str, str] = {}
"""Each help text in English (as typer shows it, without common indentation) and its French."""

F = TypeVar("F", bound=Callable[..., Any])


def _key(text: str) -> str:
    return inspect.cleandoc(text)


def en_fr(en: str, fr: str) -> str:
    """``en``, the English help text typer is given; ``fr`` is shown instead when the help is
    asked in French. The same English always has the same French (else :class:`ValueError`, as
    the module is imported)."""
    if _FRENCH.setdefault(_key(en), _key(fr)) != _key(fr):
        raise ValueError(f"two French help texts for one English: {en!r}")
    return en


def fr_doc(fr: str) -> Callable[[F], F]:
    """A command's help in French, its docstring being the English: ``@fr_doc(\"\"\"…\"\"\")``
    under ``@app.command()``."""

    def mark(function: F) -> F:
        en_fr(inspect.getdoc(function) or "", fr)
        return function

    return mark


def french(text: str) -> str | None:
    """The French of an English help text, ``None`` if it has none."""
    return _FRENCH.get(_key(text))


# click's own words in the help, in French
en_fr("Show this message and exit.", "Afficher ce message et quitter.")
_EXTRAS = {"default: ": "par défaut : ", "env var: ": "variable d'environnement : ",
           "required": "obligatoire"}
_SECTIONS = {"Arguments": "Arguments ", "Options": "Options ", "Commands": "Commandes "}
"""The titles of the help's sections in French; click adds the colon, after the space that
French puts before it."""
_NBSP = "\u00a0"

PLACEHOLDERS: dict[str, str] = {
    # those of whist's options and arguments, and of a group's usage line
    "ADDRESS": "ADRESSE", "BOT": "ROBOT", "BOTS": "ROBOTS", "CARDS": "CARTES", "COMMAND": "COMMANDE",
    "CONTRACT": "CONTRAT", "DAYS": "JOURS", "DEAL": "DONNE", "DIR": "DOSSIER", "FILE": "FICHIER", "MB": "Mo",
    "NAME": "NOM", "SEAT": "PLACE", "SEATS": "PLACES", "SECONDS": "SECONDES", "SUIT": "COULEUR",
    "VALUE": "VALEUR",
    # the same in French, and values typed as they are (--honours NS=3|EW=4, --trump …|NT), East–West
    # as French writes it (EO, which the sheets read too)
    "OPTIONS": "OPTIONS", "ARGS": "ARGS", "PORT": "PORT", "URL": "URL", "NS": "NS", "EW": "EO",
    "NT": "NT",
}
"""The words of the help's placeholders (``--seat SEAT``, ``[OPTIONS]``) in French
(:func:`french_placeholders`); a single letter (``N``, ``K``) is left as it is. A placeholder word
missing here stays English in the French help, which the test of the help's language refuses."""

TYPES: dict[str, str] = {
    "str": "texte", "int": "entier", "float": "nombre", "bool": "booléen", "path": "chemin",
    "file": "fichier", "dir": "dossier", "list": "liste", "int range": "entier",
    "float range": "nombre",
}
"""The words of the type a typer of late shows after an argument, between ``<`` and ``>``
(``SEAT <str>``, ``CONTRACT <list[str]>``), in French: should one reach the French help (whist's
own shows an argument by its placeholder alone, :func:`_records`)."""


def french_placeholders(text: str) -> str:
    """``text``, the names and placeholder of an option or argument, a usage line's pieces or the
    name of a parameter in an error, with the words of its placeholders in French (``--seat
    SEAT`` → ``--seat PLACE``, ``SEAT <str>`` → ``PLACE <texte>``); the option's own names and the
    values it shows as typed (``en|fr``) are left as they are.

    >>> french_placeholders("-o, --option NAME=VALUE")
    '-o, --option NOM=VALEUR'
    >>> french_placeholders("[CONTRACT]... <list[str]>")
    '[CONTRAT]... <liste[texte]>'
    """
    def one(m: re.Match[str]) -> str:
        if m[0].startswith("<"):
            return re.sub(r"[a-z]+(?: range)?", lambda w: TYPES.get(w[0], w[0]), m[0])
        return PLACEHOLDERS.get(m[0], m[0])

    return re.sub(r"<[^<>]*>|\b[A-Z]+(?: RANGE)?\b", one, text)


def _unbroken(text: str) -> str:
    """French ``text`` with a no-break space before its ``:`` ``;`` ``?`` ``!`` ``»`` and after its
    ``«``, so that the help, wrapped to the terminal's width, never begins a line with one."""
    for mark in (":", ";", "?", "!", "»"):
        text = text.replace(f" {mark}", f"{_NBSP}{mark}")
    return text.replace("« ", f"«{_NBSP}")


def lang_option(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` (``--lang fr`` or ``--lang=fr``) of a command line, as
    typed; ``None`` without one."""
    lang = None
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            lang = args[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.removeprefix("--lang=")
    return lang


def env_lang() -> Literal["en", "fr"] | None:
    """The language the environment's ``WHIST_LANG`` asks for (case and blanks ignored), ``None``
    if it is not set, or empty. Another language than en or fr is refused, exit status 2, naming
    ``WHIST_LANG`` (:func:`whist.cli_common.parse_lang`)."""
    from whist.cli_common import parse_lang  # (here: whist.cli_common imports this module)

    lang = os.environ.get(LANG_ENV, "")
    return parse_lang(lang, LANG_ENV) if lang.strip() else None


def help_lang(args: Sequence[str]) -> Literal["en", "fr"]:
    """The language of the help for the command line ``args``: that of its last ``--lang``, else
    that of the environment's ``WHIST_LANG`` (``en`` if it is not set, or empty). Another language
    than en or fr is refused as ``whist play --lang de`` is, exit status 2, naming ``--lang`` or
    ``WHIST_LANG``, whichever said it (:func:`whist.cli_common.parse_lang`)."""
    from whist.cli_common import parse_lang  # (here: whist.cli_common imports this module)

    lang = lang_option(args)
    if lang is not None:
        return parse_lang(lang)
    return env_lang() or "en"


def root_lang(ctx: Context, lang: str | None) -> str | None:
    """The ``--lang`` that ``whist`` itself passes to the commands under it: its own ``lang``
    (``whist --lang fr play``), else, when the command line has no ``--lang`` at all, that of the
    environment's ``WHIST_LANG`` (:func:`env_lang`: refused, exit 2, if it is neither en nor fr),
    as :func:`help_lang` reads it for the help. A ``--lang`` further on (``whist sheet --lang en
    add``, ``whist play --lang en``) wins over ``WHIST_LANG``, as it does for the help, even over
    one that is neither en nor fr."""
    if lang is None and lang_option(ctx.meta.get(_HELP_ARGS, [])) is None:
        return env_lang()
    return lang


def lang_defaults(command: Command, lang: str) -> dict[str, Any]:
    """The default map that gives ``lang`` to the ``--lang`` of every command under the group
    ``command`` (for ``whist --lang fr play``, as ``whist play --lang fr``)."""
    defaults: dict[str, Any] = {}
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            if isinstance(sub, TyperGroup):
                defaults[name] = lang_defaults(sub, lang)
            elif any(p.name == "lang" for p in sub.params):
                defaults[name] = {"lang": lang}
    return defaults


def _is_french(ctx: Context) -> bool:
    """Whether the help is asked in French; read as it is printed (a language that is neither en
    nor fr is refused then, exit 2)."""
    return help_lang(ctx.meta.get(_HELP_ARGS, [])) == "fr"


_DECIMAL = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?![\w.])")
"""A decimal number written with a point, alone (not an address's ``127.0.0.1``, a file's ``2.json``)."""


def _french_extra(text: str) -> str:
    """``[default: x; env var: Y; required]`` in French, a decimal number with a decimal comma as
    the options read it in French (``[par défaut : 3,0]``).

    >>> _french_extra("[default: 1.0; 0.01<=x<=60.0]"), _french_extra("[default: 127.0.0.1]")
    ('[par défaut : 1,0 ; 0,01<=x<=60,0]', '[par défaut : 127.0.0.1]')
    """
    items = []
    for item in text.strip().removeprefix("[").removesuffix("]").split("; "):
        for en, fr in _EXTRAS.items():
            if item.startswith(en):
                item = fr + item.removeprefix(en)
                break
        items.append(_DECIMAL.sub(r"\1,\2", item))
    return "[" + " ; ".join(items) + "]"


def _record(help_text: str | None, record: tuple[str, str]) -> tuple[str, str]:
    """An option's or argument's line of the help (its names and placeholder, its help and what
    click adds in brackets) in French."""
    names, text = record
    en = help_text or ""
    extra = text.removeprefix(en) if en and text.startswith(en) else ("" if en else text)
    fr = french(en) if en else ""
    fr = en if fr is None else fr
    if extra.strip():
        fr = f"{fr}  {_french_extra(extra)}" if fr else _french_extra(extra)
    return french_placeholders(names), _unbroken(fr)


def _usage_french(command: Command, ctx: Context, formatter: HelpFormatter) -> None:
    """The usage line of ``command`` in French: ``Usage : whist sheet [OPTIONS] COMMANDE
    [ARGS]...``."""
    pieces = [french_placeholders(p) for p in command.collect_usage_pieces(ctx)]
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix="Usage : ")


def french_usage_line(ctx: Context) -> str:
    """The usage line of the command of ``ctx`` in French, as a usage error in French shows it."""
    formatter = ctx.make_formatter()
    _usage_french(ctx.command, ctx, formatter)
    return formatter.getvalue().rstrip("\n")


def _argument_name(param: TyperArgument, usage: bool = False) -> str:
    """An argument's placeholder as the help lists it: ``FILE``, ``CONTRACT...`` for one that takes
    several words; without the Python type typer adds (``FILE <str>``, ``CONTRACT
    <list[str]>``). With ``usage``, as the usage line writes it: between brackets if it may be
    left out (``[CONTRACT]...``), and not between the braces typer puts around one required
    (``{FILE}``)."""
    name = param.display_name_raw
    if usage and not param.required:
        name = f"[{name}]"
    return name + ("..." if param.nargs != 1 else "")


def _usage_pieces(command: Command, ctx: Context) -> list[str]:
    """The pieces of ``command``'s usage line after its name (``[OPTIONS] FILE``), an argument as
    :func:`_argument_name` writes it; a group's ``COMMAND [ARGS]...`` last."""
    pieces = [command.options_metavar] if command.options_metavar else []
    for param in command.get_params(ctx):
        pieces += [_argument_name(param, usage=True)] if isinstance(param, TyperArgument) \
            else param.get_usage_pieces(ctx)
    if isinstance(command, TyperGroup):
        pieces.append(command.subcommand_metavar)
    return pieces


def _records(command: Command, ctx: Context) -> list[tuple[Parameter, tuple[str, str]]]:
    """Each parameter of ``command`` that the help shows, with its line (its names and placeholder,
    its help and what click adds in brackets); an argument by its placeholder alone
    (:func:`_argument_name`)."""
    records = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None:
            if isinstance(param, TyperArgument):
                record = (_argument_name(param), record[1])
            records.append((param, record))
    return records


def _format_params(command: Command, ctx: Context, formatter: HelpFormatter, fr: bool) -> None:
    """The sections of the arguments and the options of ``command``'s help, in French if ``fr``."""
    args: list[tuple[str, str]] = []
    opts: list[tuple[str, str]] = []
    for param, record in _records(command, ctx):
        line = _record(getattr(param, "help", None), record) if fr else record
        (args if param.param_type_name == "argument" else opts).append(line)
    for title, rows in (("Arguments", args), ("Options", opts)):
        if rows:
            with formatter.section(_SECTIONS[title] if fr else title):
                formatter.write_dl(rows)


def _format_french(command: Command, ctx: Context, formatter: HelpFormatter) -> None:
    """The help of ``command`` in French: its usage line, its text, its arguments and options
    and, for a group, its commands."""
    _usage_french(command, ctx, formatter)
    if command.help:
        text = inspect.cleandoc(command.help).partition("\f")[0]
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_unbroken(french(text) or text))
    _format_params(command, ctx, formatter, fr=True)
    if isinstance(command, TyperGroup):
        subs = [(n, c) for n in command.list_commands(ctx)
                if (c := command.get_command(ctx, n)) is not None and not c.hidden]
        if subs:
            limit = formatter.width - 6 - max(len(n) for n, _ in subs)
            rows = [(n, make_default_short_help(french(c.help or "") or c.help or "", limit))
                    for n, c in subs]
            with formatter.section(_SECTIONS["Commands"]):
                formatter.write_dl(rows)


def _lang_alone(args: Sequence[str]) -> bool:
    """Whether ``args`` are a ``--lang`` and nothing else (``--lang fr``, ``--lang=FR``, ``--lang
    de``): a group given no command but its language, which shows its help in that language (or
    refuses a language that is neither en nor fr, as the help does).

    >>> _lang_alone(["--lang", "fr"]), _lang_alone(["--lang=de"]), _lang_alone(["--lang", "fr", "x"])
    (True, True, False)
    """
    return (len(args) == 2 and args[0] == "--lang") or (len(args) == 1 and args[0].startswith("--lang="))


class HelpCommand(TyperCommand):
    """A command of ``whist``: its help in French when asked in French; its arguments shown by
    their placeholders alone, in both languages (:func:`_usage_pieces`, :func:`_records`)."""

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return _usage_pieces(self, ctx)

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        _format_params(self, ctx, formatter, fr=False)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if _is_french(ctx):
            _format_french(self, ctx, formatter)
        else:
            super().format_help(ctx, formatter)


class HelpGroup(TyperGroup):
    """A group of ``whist`` (``whist`` itself, ``whist sheet``, ``whist bench``): its help in
    French when asked in French; the command line the language of the help is read from is kept
    by the first group, before the options are parsed (``--help`` prints the help as it is
    parsed)."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        ctx.meta.setdefault(_HELP_ARGS, list(args))
        if self.no_args_is_help and not ctx.resilient_parsing and _lang_alone(args):
            raise NoArgsIsHelpError(ctx)  # `whist --lang fr` as `whist`: the help, in French
        return super().parse_args(ctx, args)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return _usage_pieces(self, ctx)

    def format_options(self, ctx: Context, formatter: HelpFormatter) -> None:
        _format_params(self, ctx, formatter, fr=False)
        self.format_commands(ctx, formatter)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        if _is_french(ctx):
            _format_french(self, ctx, formatter)
        else:
            super().format_help(ctx, formatter)
