"""The errors of the command line itself (an option without its value, an unknown option, a missing
argument …), which click writes in English, in French when ``--lang fr`` is on the command line
of a command that has ``--lang`` (or, without ``--lang``, the environment's ``WHIST_LANG`` is
``fr``, or, without either, the sheet a ``whist sheet`` command works on was started in French):
``Erreur : il manque l'argument 'SEAT'.`` under the usage line, with exit status 2 as in English.
The group of ``whist`` (:class:`WhistGroup`) catches them where they are raised, before typer
prints them.

The group also ends every command quietly whose output is cut by a closed pipe (``whist rules |
head -1``): no traceback and no message, exit status :data:`CLOSED_PIPE`, as :func:`closed_pipe`
says why.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from difflib import get_close_matches
from typing import IO, Any, NoReturn

import typer
from pydantic import ValidationError
from typer._click.core import Context
from typer._click.exceptions import BadParameter, NoArgsIsHelpError, NoSuchOption, UsageError
from typer.core import TyperArgument, TyperOption

from whist.cards import Refusal, os_reason
from whist.cli_help import LANG_ENV, HelpGroup, french_placeholders, french_usage_line, lang_option
from whist.rules import preset_meant

__all__ = ["CLOSED_PIPE", "ClosedPipe", "OutOfBounds", "WhistGroup", "closed_pipe", "french_usage",
           "lang_asked", "sheet_file_lang"]

CLOSED_PIPE = 141
"""The exit status of a command whose standard output was closed by the program reading it: 128 +
13 (SIGPIPE), what the shell reports of ``cat`` or ``grep`` stopped the same way, so that a script
under ``set -o pipefail`` sees ``whist`` as it sees them; not 0, since not all was written (and
not 1, which says a file was bad)."""


class ClosedPipe(SystemExit):
    """The quiet exit of :func:`closed_pipe`, a :class:`SystemExit` of its own so that a command
    with work to keep (``whist play``'s record of the deals played) can catch it, keep that work
    without a word and let it go on."""


def closed_pipe() -> NoReturn:
    """Exit quietly with :data:`CLOSED_PIPE` once the standard output is a closed pipe: no traceback,
    no message (the reader went away on purpose, as ``head`` does), the standard output pointed at
    the null device so that Python's last flush of what is left in it fails no more
    (:class:`ClosedPipe`)."""
    _point_at_null(sys.stdout)
    raise ClosedPipe(CLOSED_PIPE)

def guarded_output(run: Callable[[], object]) -> None:
    """Run the command ``run`` (:func:`whist.cli.main`) whatever state its standard streams are
    in: a closed standard input (``<&-``) reads as an empty one (``</dev/null``: what reads it then
    says that the input ended); a closed standard output (``>&-``) is refused before the command
    runs, exit 1, where every command would have printed into nothing and said it succeeded; and a
    standard output that cannot be written (a full disk, ``>/dev/full``), or a standard input that
    cannot be read (``0>file``), stops the command with one line on stderr, exit 1, not a
    traceback. A closed pipe stays the quiet exit of
    :func:`closed_pipe`. Said in the language of the command line (:func:`lang_asked`)."""
    lang = lang_asked(sys.argv[1:])
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's own, never closed)
    if sys.stdout is None:
        _stream_failed(lang, "the standard output is closed: nothing the command prints could be seen",
                       "la sortie standard est fermée : rien de ce qu'écrit la commande ne serait vu")
    try:
        try:
            run()
        finally:
            sys.stdout.flush()  # what is left to write, written here where its failure is caught
    except BrokenPipeError:
        closed_pipe()
    except OSError as exc:
        # every file the commands read or write says its own errors (with its name): a failed
        # write that reached here, naming no file, was the standard output's; a failed read, the
        # standard input's if it cannot be read at all (opened for writing: `0>file`)
        if exc.filename is None and exc.errno in _WRITE_ERRORS:
            _point_at_null(sys.stdout)
            _stream_failed(lang, f"cannot write the output: {os_reason(exc)}",
                           f"impossible d'écrire la sortie : {os_reason(exc, 'fr')}")
        if exc.filename is None and _unreadable(sys.stdin):
            _stream_failed(lang, f"cannot read the input: {os_reason(exc)}",
                           f"impossible de lire l'entrée : {os_reason(exc, 'fr')}")
        raise


_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})
"""The system's errors that only a write can meet (the disk full, over a quota, a file too large):
a failed read (the standard input opened for writing, a terminal gone, EBADF or EIO) is not the
output's, and stays the error it is."""


def _unreadable(stream: IO[str]) -> bool:
    """Whether ``stream``'s file refuses even a read of nothing (opened for writing only, or no
    longer open)."""
    try:
        os.read(stream.fileno(), 0)
    except OSError:
        return True
    except (AttributeError, ValueError):  # not a file of the system
        return False
    return False


def _point_at_null(stream: IO[str]) -> None:
    """``stream``'s file pointed at the null device, so that Python's last flush of what it still
    holds does not fail again."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # not a file of the system (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)


def _stream_failed(lang: str, en: str, fr: str) -> NoReturn:
    """A standard stream that failed: ``Error: en`` (``Erreur : fr`` in French) on stderr, exit 1."""
    sys.stderr.write(f"Erreur : {fr}\n" if lang == "fr" else f"Error: {en}\n")
    sys.exit(1)


_LANG_KEY = "whist.lang"

_VALUES: list[tuple[str, str]] = [
    (r"Input should be a valid integer.*", "ce doit être un nombre entier"),
    (r"Input should be a valid number.*", "ce doit être un nombre"),
    (r"an empty name is no file's name\.", "un nom vide n'est le nom d'aucun fichier."),
    (r"(?:file|dir|path) (.+) does not exist\.", r"\1 n'existe pas."),
    (r"(?:file|dir|path) (.+) is a directory\.", r"\1 est un dossier, pas un fichier."),
    (r"(?:file|dir|path) (.+) is a file\.", r"\1 est un fichier, pas un dossier."),
    (r"(?:file|dir|path) (.+) is not readable\.", r"\1 ne peut pas être lu (permission refusée)."),
    (r"(?:file|dir|path) (.+) is not writable\.", r"\1 ne peut pas être écrit (permission refusée)."),
]
"""What typer says of a value it refuses, in French (another reason is left as it is); a path's
reason begins with the kind of path typer asked for (``file '.' is a directory.``). A number out of
its option's bounds is said in whist's own words in both languages (:class:`OutOfBounds`)."""

_NO_SUCH = r"No such option: (\S+)"
_MESSAGES: list[tuple[str, str]] = [
    (r"Missing argument (.+)\.", r"il manque l'argument \1."),
    (r"Missing option (.+)\.", r"il manque l'option \1."),
    (r"Missing parameter:? (.+?)\.?", r"il manque le paramètre \1."),
    (_NO_SUCH + r" \(Possible options: (.+)\)", r"option inconnue : \1 (options possibles : \2)"),
    (_NO_SUCH, r"option inconnue : \1"),
    (r"Option (.+) requires an argument\.", r"l'option \1 demande une valeur."),
    (r"Option (.+) requires (\d+) arguments\.", r"l'option \1 demande \2 valeurs."),
    (r"Option (.+) does not take a value\.", r"l'option \1 ne prend pas de valeur."),
    (r"Option (.+) is given twice: give it once\.", r"l'option \1 est donnée deux fois : donnez-la une"
     r" seule fois."),
    (r"Got unexpected extra argument\(s\) \((\S+)\); the preset goes after --preset: --preset (\S+)",
     r"argument en trop : \1 ; le préréglage se donne après --preset : --preset \2"),
    (r"Got unexpected extra argument\(s\) \((\S+)\); the port goes after --port: --port (\S+)",
     r"argument en trop : \1 ; le port se donne après --port : --port \2"),
    (r"Got unexpected extra argument\(s\) \((.*)\)", r"argument en trop : \1"),
    (r"No such command '(.+)'\. Did you mean '(.+)'\?",
     r"commande inconnue : '\1' ; vouliez-vous dire '\2' ?"),
    (r"No such command '(.+)'\.", r"commande inconnue : '\1'."),
    (r"Missing command\.", r"il manque la commande."),
]
"""The usage errors of typer's copy of click, in French."""


def lang_asked(args: Sequence[str]) -> str:
    """The language the command line asks for: the value of its last ``--lang`` (``--lang fr``
    or ``--lang=fr``), lower case; without one, that of the environment's ``WHIST_LANG`` (as the
    commands take it, lower case; not refused here: a command refuses it once it runs), else that
    of the sheet a ``whist sheet`` command other than ``new`` works on (:func:`sheet_file_lang`),
    else ``en``."""
    lang = lang_option(args)
    if lang is None and os.environ.get(LANG_ENV, "").strip():
        lang = os.environ[LANG_ENV]
    if lang is None:
        return sheet_file_lang(args) if args[:1] == ["sheet"] and args[1:2] != ["new"] else "en"
    return lang.strip().lower()


def sheet_file_lang(args: Sequence[str]) -> str:
    """The language kept in the sheet file the command line names (``--file F``, ``-f F``,
    ``--file=F``, else the environment's ``WHIST_SHEET``, else ``whist-sheet.json``): ``fr`` for a
    sheet started with ``--lang fr``, ``en`` for any other, or a file that cannot be read (the
    command says why, after the usage error)."""
    name = os.environ.get("WHIST_SHEET") or "whist-sheet.json"
    for i, arg in enumerate(args):
        if arg in ("--file", "-f") and i + 1 < len(args):
            name = args[i + 1]
        elif arg.startswith("--file="):
            name = arg.removeprefix("--file=")
    try:
        with open(name, encoding="utf-8") as f:
            data = json.loads(f.read(1 << 22))
    except (OSError, ValueError, RecursionError):  # the command says what is wrong with it
        return "en"
    return "fr" if isinstance(data, dict) and data.get("lang") == "fr" else "en"


def french_usage(message: str) -> str:
    """``message``, one of click's usage errors, in French, the placeholder of the argument it
    names in French too, as the French help shows it, and what it quotes between « and », as
    every French message of whist; as it is if it is none of those.

    >>> french_usage("Option '-t' requires an argument.")
    "l'option « -t » demande une valeur."
    >>> french_usage("Invalid value for '--needed': Input should be a valid integer")
    'valeur invalide pour « --needed » : ce doit être un nombre entier'
    >>> french_usage("Invalid value for '-f' (env var: 'F'): file 'x' is a directory.")
    "valeur invalide pour « -f » (variable d'environnement : « F ») : « x » est un dossier, pas un fichier."
    >>> french_usage("Missing argument 'SEAT'.")
    "il manque l'argument « PLACE »."
    """
    french = _french_usage(message)
    return message if french is None else french_quotes(french)


def french_quotes(text: str) -> str:
    """``text`` with each word or phrase click quotes between ``'`` quoted between « and » (an
    apostrophe inside a French word, ``l'option``, stays).

    >>> french_quotes("l'option '--contract' / '-c' n'existe pas : 'nope'")
    "l'option « --contract » / « -c » n'existe pas : « nope »"
    """
    return re.sub(r"(?<!\w)'([^'\s](?:[^']*[^'\s])?)'(?!\w)", "« \\1 »", text)


def _french_usage(message: str) -> str | None:
    """:func:`french_usage`'s translation, quotes as click writes them; ``None`` for a message it
    does not know."""
    invalid = re.fullmatch(r"Invalid value for ('[^']*'(?: / '[^']*')*)( \(env var: '[^']*'\))?: (.*)",
                           message, flags=re.S)
    if invalid is not None:
        why = invalid[3]
        for english, french in _VALUES:
            if re.fullmatch(english, why, flags=re.S):
                why = re.sub(english, french, why, flags=re.S)
                break
        env = (invalid[2] or "").replace("(env var:", "(variable d'environnement :")
        return f"valeur invalide pour {french_placeholders(invalid[1])}{env} : {why}"
    if re.match(r"Missing (argument|parameter)", message):  # the one it names: 'SEAT', 'PLACE' in French
        message = french_placeholders(message)
    for english, french in _MESSAGES:
        if re.fullmatch(english, message, flags=re.S):
            return re.sub(english, french, message, flags=re.S)
    return None


class FrenchUsageError(UsageError):
    """A usage error shown in French: ``Usage : …``, ``Essayez « … --help --lang fr » pour l'aide.``,
    ``Erreur : …``; exit status 2."""

    def show(self, file: IO[Any] | None = None) -> None:
        ctx = self.ctx
        if ctx is not None:
            usage = french_usage_line(ctx)
            # the help in French: without --lang fr it would be English (unless WHIST_LANG=fr)
            hint = f"Essayez « {ctx.command_path} --help --lang fr » pour l'aide.\n"
            typer.echo(f"{usage}\n{hint}", file=file, err=file is None, color=ctx.color)
        typer.echo(f"Erreur : {self.format_message()}", file=file, err=file is None)


class WhistGroup(HelpGroup):
    """The ``whist`` group: a usage error of a command that has ``--lang`` is said in French when
    the command line says ``--lang fr`` (or ``WHIST_LANG=fr`` without it, :func:`lang_asked`); the
    help as :class:`HelpGroup` prints it; output cut by a closed pipe ends the command quietly
    (:func:`closed_pipe`), where click would exit 1."""

    def make_context(self, info_name: str | None, args: list[str], parent: Context | None = None,
                     **extra: Any) -> Context:
        lang = lang_asked(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except UsageError as exc:
            raise _in_lang(_where_it_goes(exc), lang) from None
        except BrokenPipeError:  # the help or the version, printed here
            closed_pipe()
        ctx.meta[_LANG_KEY] = lang
        return ctx

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:
            raise _in_lang(_where_it_goes(exc), str(ctx.meta.get(_LANG_KEY, "en"))) from None
        except BrokenPipeError:
            closed_pipe()


class OutOfBounds(BadParameter):
    """typer's refusal of a number below its option's least value or above its most (``--deals 0``
    for ``min=1``), which pydantic words (``Input should be greater than or equal to 1``), in the
    words whist refuses every number with (:func:`whist.cli_common.out_of_bounds`: ``0 is too
    small: give a number of at least 1``), in English and in French (:attr:`refusal`)."""

    def __init__(self, exc: BadParameter, refusal: Refusal) -> None:
        super().__init__(refusal.en, exc.ctx, exc.param, exc.param_hint)
        self.refusal = refusal


def _out_of_bounds(exc: BadParameter) -> OutOfBounds | None:
    """``exc`` as :class:`OutOfBounds` if it refuses a number out of its option's bounds; else
    ``None``."""
    from whist.cli_common import out_of_bounds, span  # (here: whist.cli_common imports this module)

    param, cause = exc.param, exc.__cause__
    if not isinstance(param, (TyperOption, TyperArgument)) or param.min is None \
            or not isinstance(cause, ValidationError):
        return None
    error = cause.errors()[0]
    if error["type"] not in ("greater_than_equal", "less_than_equal"):
        return None
    refusal = out_of_bounds(str(error["input"]).strip(), error["type"] == "greater_than_equal",
                            span(param.min, param.max))
    return OutOfBounds(exc, refusal)


def _close_options(typed: str, options: Sequence[str]) -> list[str]:
    """The options among ``options`` named nearly as the unknown option ``typed``, compared
    without their dashes: click compares them with, and the two dashes every long option shares
    make one that is nothing like it look close (``--bogus``: ``Possible options: --honours``).

    >>> _close_options("--bogus", ["--honours"]), _close_options("--honors", ["--honours", "--help"])
    ([], ['--honours'])
    """
    bare = {o.lstrip("-"): o for o in options}
    return [bare[m] for m in get_close_matches(typed.lstrip("-"), bare)]


def _where_it_goes(exc: UsageError) -> UsageError:
    """``exc`` saying that an empty file name names no file (typer read it as the current folder:
    ``file '' is a directory``); with the option an extra argument belongs to, where it refuses a
    preset (``whist play couleur``: ``…; the preset goes after --preset: --preset couleur``) or a
    port (``whist serve 8080``: ``the port goes after --port``) of a command that takes that
    option; an unknown option with only the options named nearly as it suggested
    (:func:`_close_options`), a number out of its bounds in whist's words (:class:`OutOfBounds`)."""
    if isinstance(exc, NoSuchOption) and exc.possibilities:
        exc.possibilities = _close_options(exc.option_name, exc.possibilities)
    if isinstance(exc, BadParameter) and (bounds := _out_of_bounds(exc)) is not None:
        return bounds
    if isinstance(exc, BadParameter) and re.fullmatch(r"(?:file|dir|path) '' is a directory\.", exc.message):
        exc.message = "an empty name is no file's name."  # ('' is read as '.', the current folder)
        return exc
    extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((\S+)\)", exc.format_message())
    if extra is None or exc.ctx is None:
        return exc
    meant = preset_meant(extra[1])
    port = extra[1].isascii() and extra[1].isdigit() and len(extra[1]) <= 5 and 1 <= int(extra[1]) <= 65535
    what, value = ("preset", meant) if meant else ("port", extra[1]) if port else (None, None)
    if what is None or not any(f"--{what}" in getattr(p, "opts", ()) for p in exc.ctx.command.params):
        return exc
    return UsageError(f"{exc.format_message()}; the {what} goes after --{what}: --{what} {value}", exc.ctx)


def _in_lang(exc: UsageError, lang: str) -> UsageError:
    """``exc`` in French if ``lang`` is ``fr`` and the command it is about has ``--lang`` (or it
    names no command)."""
    if lang != "fr" or isinstance(exc, NoArgsIsHelpError):
        return exc
    if exc.ctx is not None and not any(p.name == "lang" for p in exc.ctx.command.params):
        return exc  # without a context (an option's missing value), no usage line, as in English
    if isinstance(exc, OutOfBounds):
        exc.message = exc.refusal.fr
    return FrenchUsageError(french_usage(exc.format_message()), exc.ctx)
