"""Every ``whist …`` command the docs show names a real command, only real options of it, and
for an option whose values are fixed (a preset, a language, a bot, a trump, a goal …) a value it
takes. The commands are read from README.md and docs/*.md: the shell and console blocks (a
console block's ``$ `` lines), and the inline code that begins with ``whist``; of the solver's
journal, only its *Use* section, the rest being history. They are checked against the command tree
of the ``whist`` app, built by typer as the command runs, and their options parsed by the command
itself (nothing is run): a doc that names a removed option, a command renamed or a preset that is
no more fails here. The ``python bench/….py`` commands of the docs are read by their scripts' own
parsers, the scripts stopped before they run.

The docs write synopses too: ``[--seed N]`` is ``--seed N``, ``--lang en|fr`` stands for each of
``en`` and ``fr`` (each alternative checked), a word in capitals (``P``, ``NAME``, ``DEAL``,
``exact:K``) or a letter and a digit (``b1,b2,b3,b4``) is a stand-in for what the reader types,
``…`` what follows, and an option last without its value (``whist serve --max-tables``) is the
option named."""

from __future__ import annotations

import argparse
import re
import shlex
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, get_args

import pytest
import typer.main
from conftest import bench_script
from typer._click.core import Command, Context
from typer._click.exceptions import UsageError
from typer.core import TyperGroup, TyperOption

from whist.bots import BOT_NAMES
from whist.cards import Lang, ParseError, parse_seat
from whist.cli import app
from whist.cli_help import lang_option
from whist.rules import Rules, find_preset
from whist.solver import SolverInputError, parse_goal, parse_team, parse_trump

ROOT = Path(__file__).parent.parent
PAGES = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
JOURNAL = "docs/solver-journal.md"
WHIST = typer.main.get_command(app)


@dataclass(frozen=True)
class DocCommand:
    """One command as a page writes it, and where."""

    where: str
    text: str
    program: str  # ``whist``, or a script of bench/ run by Python: ``bench/pimc_pass.py``
    argv: tuple[str, ...]  # after the program, one alternative of each ``a|b``


def page_text(page: str) -> str:
    """The text of ``page`` that shows commands: the journal's *Use* section only; the line
    numbers kept."""
    text = (ROOT / page).read_text(encoding="utf-8")
    if page != JOURNAL:
        return text
    start = text.index("\n## Use\n")
    end = text.index("\n## ", start + 1)
    return "\n" * text[:start].count("\n") + text[start:end]


def shell_lines(page: str) -> Iterator[tuple[int, str]]:
    """(line number, command line) of the code blocks of ``page`` that are not another language's:
    a console block's ``$ `` lines, every line of the others, an indented line continuing the one
    before it (a synopsis on several lines)."""
    lines = page_text(page).splitlines()
    block: str | None = None
    current: tuple[int, str] | None = None
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if block is None:
                block = line[3:].strip()
            else:
                if current is not None:
                    yield current
                block, current = None, None
            continue
        if block not in ("", "sh", "console"):
            continue
        if block == "console":
            if line.startswith("$ "):
                yield number, line[2:]
        elif line.startswith((" ", "\t")) and current is not None:
            current = (current[0], current[1] + " " + line.strip())
        else:
            if current is not None:
                yield current
            current = (number, line)


def inline_spans(page: str) -> Iterator[tuple[int, str]]:
    """(line number, text) of the inline code of ``page`` outside its code blocks, a span broken
    over lines joined with a space and a table's ``\\|`` read as ``|``."""
    text = page_text(page)
    prose = re.sub(r"^```.*?^```$", lambda m: "\n" * m[0].count("\n"), text, flags=re.S | re.M)
    for m in re.finditer(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", prose, flags=re.S):
        yield prose[:m.start()].count("\n") + 1, " ".join(m[2].replace("\\|", "|").split())


def commands_of(where: str, line: str) -> Iterator[DocCommand]:
    """The commands of one command line: each part of a pipe or ``&&`` that runs ``whist``
    (``PYTHONPATH=. whist …``, ``venv/bin/whist …``) or a script of bench/ (``python
    bench/pimc_pass.py …``), once for each alternative of every ``a|b`` of it (the others at
    their first)."""
    for part in re.split(r"\s+(?:\|\||\||&&|;)\s+", line):
        try:
            words = shlex.split(part.replace("[", "").replace("]", ""), comments=True)
        except ValueError:  # not shell (an unclosed quote in prose)
            continue
        while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
            words = words[1:]
        script = words[1] if len(words) > 1 and words[0] in ("python", "python3") else ""
        if words and (words[0] == "whist" or words[0].endswith("/whist")):
            program = "whist"
        elif re.fullmatch(r"bench/\w+\.py", script):
            program, words = script, words[1:]
        else:
            continue
        words = [w for w in (re.sub(r",?(…|\.\.\.)$", "", w) for w in words[1:]) if w]
        options = [w.split("|") for w in words]
        first = tuple(alternatives[0] for alternatives in options)
        argvs = [first, *((*first[:i], other, *first[i + 1:])
                          for i, alternatives in enumerate(options) for other in alternatives[1:])]
        for argv in dict.fromkeys(argvs):
            yield DocCommand(where, part.strip(), program, argv)


def doc_commands(page: str, program: str = "whist") -> list[DocCommand]:
    """Every command of ``program`` that ``page`` shows (``bench/`` for the scripts of bench/)."""
    found: list[DocCommand] = []
    for number, line in [*shell_lines(page), *inline_spans(page)]:
        found.extend(c for c in commands_of(f"{page}:{number}", line) if c.program.startswith(program))
    return found


def stand_in(word: str) -> bool:
    """Whether ``word`` stands for what the reader types: ``P``, ``NAME``, ``DEAL``, ``b1``."""
    return re.fullmatch(r"[A-Z][A-Z0-9_.]*|[a-z]\d", word) is not None


def _bots(value: str, lang: Lang) -> bool:
    return all(name.lower() in BOT_NAMES or re.fullmatch(r"[\w.]+:\w+", name) or stand_in(name)
               for name in value.split(","))


def _preset(value: str, lang: Lang) -> bool:
    return find_preset(value) is not None or stand_in(value)  # a French name too: court


def _option(value: str, lang: Lang) -> bool:
    name = value.partition("=")[0].replace("-", "_")
    return (name in Rules.names() and name != "preset") or stand_in(name)


def _parses(parse: Callable[[str, Lang], object]) -> Callable[[str, Lang], bool]:
    """A check that ``parse`` (a parser of the code) reads the value, in the command's language."""
    def reads(value: str, lang: Lang) -> bool:
        try:
            parse(value, lang)
        except (ParseError, SolverInputError, ValueError):
            return False
        return True
    return reads


CHOICES: dict[str, Callable[[str, Lang], bool]] = {
    "--lang": lambda value, lang: value.lower() in get_args(Lang),
    "--preset": _preset,
    "--bots": _bots,
    "--candidate": _bots,
    "--reference": _bots,
    "--option": _option,
    "--needed": lambda value, lang: value in ("8", "9"),
    "--separator": lambda value, lang: value in (",", ";"),
    "solve --trump": _parses(parse_trump),
    "solve --leader": _parses(lambda value, lang: parse_seat(value)),
    "solve --team": _parses(lambda value, lang: parse_team(value)),
    "solve --goal": _parses(lambda value, lang: parse_goal(re.sub(r":[A-Z]+$", ":1", value))),
}
"""The options whose values are fixed, by long name (``command --name`` where only that command's
is), each with what says that a value is one of them (``lang``: the language the command reads
it in, ``--trump C`` being clubs in English and hearts in French)."""


def _choice(path: list[str], opt: str, value: str, lang: Lang) -> str | None:
    """Why ``value`` is no value of option ``opt`` of command ``path``, or ``None``."""
    accepts = CHOICES.get(f"{path[-1]} {opt}") or CHOICES.get(opt)
    if accepts is None or accepts(value, lang):
        return None
    return f"{value!r} is no value of {' '.join(path)} {opt}"


def check(argv: tuple[str, ...]) -> list[str]:
    """What is wrong with ``whist`` + ``argv``: a command or an option it does not have, an
    argument too many, a value an option with fixed values does not take; ``[]`` if nothing."""
    command: Command = WHIST
    path = ["whist"]
    args = list(argv)
    lang: Lang = "fr" if (lang_option(args) or "").strip().lower() == "fr" else "en"
    problems: list[str] = []
    while isinstance(command, TyperGroup):
        while args and args[0].startswith("-"):  # the group's own options, before its command
            opt, eq, value = args.pop(0).partition("=")
            if opt == "--help":
                return problems
            param = next((p for p in command.params if opt in p.opts), None)
            if param is None:
                return [f"{' '.join(path)} has no option {opt}"]
            if isinstance(param, TyperOption) and not param.is_flag:
                value = value if eq else args.pop(0) if args else ""
                if why := _choice(path, opt, value, lang):
                    problems.append(why)
        if not args or args[0] == "--help":
            return problems
        name = args.pop(0)
        if stand_in(name):  # whist COMMAND --help
            return problems
        sub = command.commands.get(name)
        if sub is None:
            return [*problems, f"{' '.join(path)} has no command {name!r}"]
        command = sub
        path.append(name)
    last = next((p for p in command.params if args and args[-1] in p.opts), None)
    named = isinstance(last, TyperOption) and not last.is_flag
    if named:
        args.append("VALUE")  # the option named in prose: whist serve --max-tables
    parser = command.make_parser(Context(command, info_name=" ".join(path)))
    try:  # click's own reading of the command line, without running its options' callbacks
        values, extra, _ = parser.parse_args(args)
    except UsageError as exc:
        return [*problems, f"{' '.join(path)}: {exc.format_message()}"]
    extra = [a for a in extra if not stand_in(a)]
    if extra:
        problems.append(f"{' '.join(path)} takes no argument {' '.join(extra)}")
    for param in command.params:
        if (not isinstance(param, TyperOption) or param.name not in values or param.is_flag
                or (named and param is last)):
            continue
        given = values[param.name]
        opt = max(param.opts, key=len)
        for value in given if isinstance(given, list | tuple) else [given]:
            if why := _choice(path, opt, str(value), lang):
                problems.append(why)
    return problems


def test_the_docs_show_commands() -> None:
    """The reading finds the commands: in every kind of place the docs show them, each command of
    ``whist`` at least once (the README's table names them all)."""
    found = [c for page in PAGES for c in doc_commands(page)]
    texts = {c.text for c in found}
    assert "whist sheet add solo 7 --declarers N --tricks 8" in texts  # a console block
    assert "PYTHONPATH=. whist arena --candidate mybot:play --reference heuristic --deals 100" in texts
    assert "venv/bin/whist serve --port 8000 --db sqlite:////srv/whist/whist.db" in texts  # after &&
    assert any(c.where == "docs/arena.md:10" and "--max-nodes" in c.argv for c in found)
    journal = (ROOT / JOURNAL).read_text(encoding="utf-8").splitlines()
    start = journal.index("## Use") + 1
    end = next(n for n in range(start, len(journal)) if journal[n].startswith("## ")) + 1
    use = [int(c.where.rpartition(":")[2]) for c in found if c.where.startswith(JOURNAL)]
    assert use and all(start < n < end for n in use), (start, end, use)
    assert any("`whist " in line for line in journal[end:])  # the history, not read
    shown = {c.argv[:2] if c.argv[:1] in (("sheet",), ("bench",)) else c.argv[:1] for c in found}
    assert isinstance(WHIST, TyperGroup)
    for name, command in WHIST.commands.items():
        subs = command.commands if isinstance(command, TyperGroup) else {}
        for sub in subs or [None]:
            assert ((name, sub) if sub else (name,)) in shown, (name, sub)


@pytest.mark.parametrize("page", PAGES)
def test_the_commands_of_the_docs_are_whists(page: str) -> None:
    """Each command of ``page`` names real commands and options, and values its options take."""
    problems = [f"{c.where}: {' '.join(c.argv)}: {why}" for c in doc_commands(page) for why in check(c.argv)]
    assert problems == []


class _Built(Exception):
    """Raised where a script of bench/ would read its command line: the parser its ``main``
    built, the script stopped before it runs."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        super().__init__()
        self.parser = parser


_PARSE_ARGS = argparse.ArgumentParser.parse_args


def bench_parser(program: str, monkeypatch: pytest.MonkeyPatch) -> argparse.ArgumentParser:
    """The argparse parser of the script ``program`` of bench/, as its ``main`` builds it."""
    script = bench_script(program, monkeypatch)

    def stop(parser: argparse.ArgumentParser, args: object = None, namespace: object = None) -> NoReturn:
        raise _Built(parser)

    with monkeypatch.context() as patch:
        patch.setattr(argparse.ArgumentParser, "parse_args", stop)
        try:
            script.main()
        except _Built as built:
            return built.parser
    raise AssertionError(f"{program} ran without reading its command line")


def bench_refusal(parser: argparse.ArgumentParser, argv: tuple[str, ...],
                  capsys: pytest.CaptureFixture[str]) -> str | None:
    """What ``parser`` says of ``argv``, or ``None`` if it reads it."""
    capsys.readouterr()
    try:
        _PARSE_ARGS(parser, list(argv))
    except SystemExit:
        return capsys.readouterr().err.strip().splitlines()[-1]
    return None


@pytest.mark.parametrize("program", sorted({c.program for p in PAGES for c in doc_commands(p, "bench/")}))
def test_the_bench_commands_of_the_docs_are_read_by_their_scripts(
        program: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Each ``python bench/…`` command of the docs is read by the script's own parser: its
    options, their types and choices (``--contract joint-piccolo``, ``--compare discard``)."""
    parser = bench_parser(program, monkeypatch)
    problems = [f"{c.where}: {c.text}: {why}" for p in PAGES for c in doc_commands(p, program)
                if (why := bench_refusal(parser, tuple(a for a in c.argv if not stand_in(a)), capsys))]
    assert problems == []
    assert "unrecognized arguments: --no-such" in (bench_refusal(parser, ("--no-such",), capsys) or "")


@pytest.mark.parametrize("program", sorted(f"bench/{p.name}" for p in (ROOT / "bench").glob("*.py")))
def test_the_help_of_a_bench_script_says_what_it_does(program: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``python bench/….py --help`` says what the script does in whole sentences: the first
    paragraph of its docstring, not its first line cut short (« the heuristic player's defence
    before and »)."""
    description = bench_parser(program, monkeypatch).description or ""
    assert description.rstrip().endswith("."), description
    assert len(description) > 40, description


def test_the_check_sees_what_is_wrong() -> None:
    """What the check refuses: an option removed or misspelt, a command that is not, an argument
    too many, values not taken; and what it lets through: options in any of their forms,
    stand-ins, a value read in French."""
    refused = {
        ("arena", "--candidate", "pimc", "--no-such-option", "1"): "No such option: --no-such-option",
        ("arena", "-c", "pimc", "--deal", "4"): "No such option: --deal",
        ("sheet", "undo", "2"): "whist sheet undo takes no argument 2",
        ("sheet", "export", "--csv", "--separator", ";", "out.csv"): "takes no argument out.csv",
        ("sheets", "new"): "whist has no command 'sheets'",
        ("bench", "dds"): "whist bench has no command 'dds'",
        ("--langue", "fr", "play"): "whist has no option --langue",
        ("replay", "a.json", "b.json"): "whist replay takes no argument b.json",
        ("play", "--preset", "whist"): "'whist' is no value of whist play --preset",
        ("play", "--lang", "nl"): "'nl' is no value of whist play --lang",
        ("--lang", "de", "rules"): "'de' is no value of whist --lang",
        ("simulate", "--bots", "heuristic,smart,random,random"): "no value of whist simulate --bots",
        ("rules", "--option", "colour=on"): "'colour=on' is no value of whist rules --option",
        ("rules", "--option", "preset=short"): "'preset=short' is no value of whist rules --option",
        ("solve", "DEAL", "--trump", "X", "--leader", "W"): "'X' is no value of whist solve --trump",
        ("solve", "DEAL", "--trump", "NT", "--leader", "Z"): "'Z' is no value of whist solve --leader",
        ("solve", "DEAL", "--leader", "W", "--goal", "most"): "'most' is no value of whist solve --goal",
        ("score", "--needed", "10"): "'10' is no value of whist score --needed",
        ("sheet", "export", "--csv", "a.csv", "--separator", ":"): "':' is no value of whist sheet export",
    }
    for argv, why in refused.items():
        problems = check(argv)
        assert len(problems) == 1 and why in problems[0], (argv, problems)

    assert check(("arena", "-c", "pimc", "-r", "heuristic", "-n", "4", "--no-double-dummy")) == []
    assert check(("arena", "--candidate=mybot:play", "--preset", "P", "--jobs", "J")) == []
    assert check(("simulate", "--bots", "b1,b2,b3,b4", "--option", "stake=0.5")) == []
    assert check(("solve", "DEAL", "--trump", "SA", "--leader", "O", "--lang", "fr")) == []
    assert check(("solve", "DEAL", "--trump", "NT", "--leader", "W", "--goal", "exact:K")) == []
    assert check(("solve", "DEAL", "ARGS")) == []
    assert check(("--lang", "fr", "sheet", "--lang", "fr", "add", "solo", "7", "--tricks", "8")) == []
    assert check(("COMMAND", "--help")) == []
    assert check(("sheet",)) == []


def test_the_commands_are_read_as_the_docs_write_them() -> None:
    """A synopsis is read into commands: brackets dropped, one command for each alternative, a
    pipe's other side and the environment left out."""
    argvs = [c.argv for c in commands_of("x", "PYTHONPATH=. whist rules [--preset classic|couleur]"
                                         " [--lang en|fr] | head -1")]
    assert argvs == [("rules", "--preset", "classic", "--lang", "en"),
                     ("rules", "--preset", "couleur", "--lang", "en"),
                     ("rules", "--preset", "classic", "--lang", "fr")]
    argvs = [c.argv for c in commands_of("x", "whist sheet new|add --file F")]
    assert argvs == [("sheet", "new", "--file", "F"), ("sheet", "add", "--file", "F")]
    assert [c.argv for c in commands_of("x", "whist")] == [()]
    assert [c.argv for c in commands_of("x", 'whist solve "N:A.. K.." --played "AS KS"')] == [
        ("solve", "N:A.. K..", "--played", "AS KS")]
    assert list(commands_of("x", "whist-sheet.json")) == []


def test_the_quick_start_is_what_ci_runs() -> None:
    """README's *Quick start*, the two commands a new user runs: the first installs the ``whist``
    command and serves (checked above as any ``whist`` command), the second is the test command
    that ``.ci/run`` runs, exactly; the extras they install are the package's, and the tests that
    ``pytest`` runs without arguments are where pyproject.toml says."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    serve, test = re.findall(r"^```sh\n(.*?)\n```$", quick, flags=re.S | re.M)
    assert serve == "pip install -e . && whist serve"
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"]["whist"] == "whist.__main__:main"
    extras = re.findall(r"'\.\[([\w,]+)\]'", test)
    assert extras and set(extras[0].split(",")) <= set(project["project"]["optional-dependencies"])
    assert test.endswith("&& pytest")
    for folder in project["tool"]["pytest"]["ini_options"]["testpaths"]:
        assert (ROOT / folder).is_dir(), folder


def leaf_commands(command: Command = WHIST, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """The path of every command of ``whist`` that runs (``("sheet", "export")``), not a group."""
    if not isinstance(command, TyperGroup):
        return [path]
    return [leaf for name, sub in command.commands.items() for leaf in leaf_commands(sub, (*path, name))]


def prose_fragments(page: str) -> list[tuple[str, tuple[str, ...]]]:
    """The pieces of a command that ``page`` names in its prose without the ``whist`` before them:
    an option and what follows it (``--seat N``, ``--separator ';'``, ``--goal exact:1``) and a
    command of ``whist sheet`` (``export --csv feuille.csv``, ``undo``); each with where it is."""
    sheet = WHIST.commands["sheet"] if isinstance(WHIST, TyperGroup) else None
    assert isinstance(sheet, TyperGroup)
    found: list[tuple[str, tuple[str, ...]]] = []
    for number, span in inline_spans(page):
        try:
            words = tuple(shlex.split(span))
        except ValueError:
            continue
        if words and (words[0].startswith("--") or (words[0] in sheet.commands and span == span.lower())):
            found.append((f"{page}:{number}", words))
    return found


def fragment_problems(words: tuple[str, ...]) -> list[str]:
    """What is wrong with ``words``, a piece of a command: ``[]`` if some command of ``whist``
    reads it (``whist sheet`` for one of its commands), else what the nearest one says."""
    paths = [("sheet",)] if not words[0].startswith("-") else leaf_commands()
    said = [check((*path, *words)) for path in paths]
    return [] if [] in said else min(said, key=len)


def test_the_options_the_french_guide_names_in_its_prose_are_whists() -> None:
    """docs/guide.md names options in its sentences, not only in whole commands (« `--seat N` pour
    une autre place, `--bots pimc` … », « `--separator ';'` sépare les cellules », « `undo` retire
    la dernière inscription »): each is an option of a command of ``whist`` with a value it takes,
    or a command of ``whist sheet``, so that the guide follows an option renamed or removed."""
    fragments = prose_fragments("docs/guide.md")
    shown = {words for _, words in fragments}
    assert {("--seat", "N"), ("--separator", ";"), ("--goal", "exact:1"), ("undo",),
            ("export", "feuille.csv"), ("--csv", "feuille.csv")} <= shown, shown
    problems = [f"{where}: {' '.join(words)}: {why}" for where, words in fragments
                for why in fragment_problems(words)]
    assert problems == []
    for wrong in [("--sead", "7"), ("--separator", ":"), ("--goal", "most"), ("redo",), ("export", "--xls")]:
        assert fragment_problems(wrong), wrong
