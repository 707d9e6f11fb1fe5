"""The help of ``whist`` and of every command in French (``--lang fr``, ``WHIST_LANG=fr``), the
English help as typer prints it, and no option without its French; ``WHIST_LANG`` the language of
every command, not only of its help."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.core import TyperCommand, TyperGroup
from typer.testing import CliRunner

from whist.cli import app
from whist.cli_help import (
    PLACEHOLDERS,
    TYPES,
    HelpCommand,
    HelpGroup,
    en_fr,
    french,
    french_placeholders,
    help_lang,
    lang_option,
)

runner = CliRunner()


def _tree(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    yield path, command
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from _tree(sub, [*path, name])


ROOT = typer.main.get_command(app)
COMMANDS = list(_tree(ROOT, []))
"""Every command and group of ``whist``, with the words that call it (``[]`` for ``whist``)."""


def _help(args: list[str], **env: str) -> Any:
    return runner.invoke(app, args, env={"COLUMNS": "100", "WHIST_LANG": "", **env})


def _flat(text: str) -> str:
    """``text`` with its lines joined, as one line (the help wraps its paragraphs)."""
    return " ".join(text.split())


def _bare(text: str) -> str:
    """``text`` without its spaces and line ends (the help wraps its paragraphs, and a long word
    after one of its hyphens)."""
    return re.sub(r"\s+", "", text)


def _params(command: Any) -> list[Any]:
    return [p for p in command.params if getattr(p, "help", None)]


def _names(out: str) -> list[str]:
    """The names of the options of a help (the lines of its section of options that begin with a
    dash)."""
    section = re.split(r"^Options ?:$", out, flags=re.M)[1].split("\n\n")[0]
    return [line.split()[0] for line in section.splitlines() if line.startswith("  -")]


def _placeholders(out: str, path: list[str]) -> list[str]:
    """The placeholders of a help: those of its usage line after the command's words (``[OPTIONS]
    PLACE``) and, in its sections, what follows the names of each option and argument in the
    first column (``NOM=VALEUR``, ``PLACE``)."""
    usage = out.splitlines()[0].split(" ".join(["whist", *path]), 1)[1]
    found = usage.split()
    for section in re.split(r"^(?:Arguments|Options) ?:$", out, flags=re.M)[1:]:
        for line in section.split("\n\n")[0].splitlines():
            if re.match(r"  \S", line):  # the first column; a wrapped help begins further right
                first = re.split(r"\s{2,}", line.strip())[0]
                found += [w for w in first.replace(",", " ").split() if not w.startswith("-") and w != "/"]
    return found


def test_the_tree_has_every_command() -> None:
    """The walk below covers the commands and both groups (a command added is covered too)."""
    names = {" ".join(path) for path, _ in COMMANDS}
    assert {"", "play", "simulate", "replay", "rules", "arena", "score", "serve", "solve", "bench",
            "bench engine", "bench solver", "sheet", "sheet new", "sheet add", "sheet show"} <= names


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "whist" for p, _ in COMMANDS])
def test_the_french_help_says_everything_in_french(path: list[str], command: Any) -> None:
    """``whist … --help --lang fr``: exit 0, the same options as the English help, each with its
    French help and none of its English sentences, click's words in French."""
    en = _help([*path, "--help"])
    fr = _help([*path, "--help", "--lang", "fr"])
    assert en.exit_code == 0 and fr.exit_code == 0, fr.output
    assert _names(fr.stdout) == _names(en.stdout) and _names(en.stdout)
    said = _flat(fr.stdout)
    assert said.startswith(f"Usage : {' '.join(['whist', *path])} [OPTIONS]")
    assert "Options :" in said and "Afficher ce message et quitter." in said
    assert not re.search(r"^\s*[:;?!»]", fr.stdout, flags=re.M), fr.stdout  # a no-break space before
    for english in ("Usage:", "Options:", "Commands:", "Arguments:", "Show this message", "[default:",
                    "env var:", "required]", "COMMAND [ARGS]"):
        assert english not in said, english
    assert _flat(french(command.help) or "NONE").split(".")[0] in said
    for param in _params(command):
        fr_text = french(param.help)
        assert fr_text is not None, param.name
        assert _bare(fr_text) in _bare(said), param.name
        first = _flat(param.help).split(". ")[0].split("; ")[0]
        assert _bare(first) not in _bare(said), (param.name, first)
    if isinstance(command, TyperGroup):
        assert "Commandes :" in said
        for name, sub in command.commands.items():
            assert re.search(rf"^  {name} +\S", fr.stdout, flags=re.M), name
            assert _flat(french(sub.help or "") or "NONE").split(".")[0][:20] in said, name


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "whist" for p, _ in COMMANDS])
def test_the_french_help_s_placeholders_are_french(path: list[str], command: Any) -> None:
    """The placeholders of the French help (``--seat PLACE``, ``--rules FICHIER``, ``PLACE
    <texte>``, ``COMMANDE [ARGS]...``) are French: each word in capitals is one that
    ``PLACEHOLDERS`` gives in French (a single letter, ``N``, stays), each type between ``<`` and
    ``>`` one of ``TYPES``. An option or argument added with a placeholder in English fails here
    until its French is written there."""
    fr = _help([*path, "--help", "--lang", "fr"]).stdout
    words = _placeholders(fr, path)
    assert words and words == [w for w in words if w]
    capitals = {w for p in words for w in re.findall(r"\b[A-ZÀ-Ý]{2,}\b", re.sub(r"<[^<>]*>", "", p))}
    assert capitals <= set(PLACEHOLDERS.values()), capitals - set(PLACEHOLDERS.values())
    types = {w for p in words for t in re.findall(r"<([^<>]*)>", p) for w in re.findall(r"[a-zéè]+", t)}
    assert types <= set(TYPES.values()), types - set(TYPES.values())
    english = {en for en, fr_word in PLACEHOLDERS.items() if en != fr_word}
    assert not english & set(re.findall(r"\b[A-Z]+\b", " ".join(words))), path


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "whist" for p, _ in COMMANDS])
def test_the_help_shows_no_python_type(path: list[str], command: Any, lang: str) -> None:
    """No help shows an argument with the Python type typer gives it (``FILE <str>``, ``CONTRACT
    <list[str]>``, in French ``<liste[texte]>``) or between typer's braces (``{FILE}``): a
    placeholder in words (``FILE``, ``FICHIER``) says it."""
    out = _help([*path, "--help", "--lang", lang]).stdout
    types = "|".join({*TYPES, *TYPES.values()})
    assert not re.search(rf"<(?:{types})\b", out), out
    assert not re.search(r"[{}]", out.split("\n\n")[0]), out


@pytest.mark.parametrize(("args", "lines"), [
    (["replay"], ["Usage: whist replay [OPTIONS] FILE",
                  "  FILE  A deal or match record (JSON).  [required]"]),
    (["replay", "--lang", "fr"], ["Usage : whist replay [OPTIONS] FICHIER",
                                  "  FICHIER  Un enregistrement de donne ou de partie (JSON)."]),
    (["score"], ["Usage: whist score [OPTIONS] [CONTRACT]...", "  CONTRACT...  The contract,"]),
    (["score", "--lang", "fr"], ["Usage : whist score [OPTIONS] [CONTRAT]...", "  CONTRAT...  Le contrat,"]),
    (["sheet", "import"], ["Usage: whist sheet import [OPTIONS] FILE.csv", "  FILE.csv  Rows with a header"]),
    (["sheet", "import", "--lang", "fr"], ["Usage : whist sheet import [OPTIONS] FICHIER.csv",
                                           "  FICHIER.csv  Des lignes sous un en-tête"]),
    (["sheet", "penalty"], ["Usage: whist sheet penalty [OPTIONS] SEAT", "  SEAT  The offender's seat"]),
    (["solve", "--lang", "fr"], ["Usage : whist solve [OPTIONS] DONNE", "  DONNE  Les mains restantes"])])
def test_an_argument_is_shown_by_its_placeholder(args: list[str], lines: list[str]) -> None:
    """The usage line names an argument as click does (``FILE``, ``[CONTRACT]...`` for one that may
    be left out), and the section of the arguments by its placeholder alone."""
    out = _help([*args, "--help"]).stdout
    for line in lines:
        assert re.search(rf"^{re.escape(line)}", out, flags=re.M), (line, out)


@pytest.mark.parametrize(("en", "fr"), [
    ("-s, --seat SEAT", "-s, --seat PLACE"), ("SEAT <str>", "PLACE <texte>"),
    ("-o, --option NAME=VALUE", "-o, --option NOM=VALEUR"), ("{FILE.csv} <file>", "{FICHIER.csv} <fichier>"),
    ("[CONTRACT]... <list[str]>", "[CONTRAT]... <liste[texte]>"), ("COMMAND [ARGS]...", "COMMANDE [ARGS]..."),
    ("--n <int range>", "--n <entier>"), ("--x <float range>", "--x <nombre>"),
    # the values typed as they are, and single letters, stay; East–West is French's EO
    ("--honours NS=3|EW=4|none", "--honours NS=3|EO=4|none"), ("-t H|S|D|C|NT", "-t H|S|D|C|NT"),
    ("--lang en|fr", "--lang en|fr"), ("-g max|min|exact:K", "-g max|min|exact:K"),
    ("-n, --names N=Anne,E=Bert,…", "-n, --names N=Anne,E=Bert,…")])
def test_placeholders_in_french(en: str, fr: str) -> None:
    assert french_placeholders(en) == fr


def test_the_french_help_of_an_option_names_its_placeholder_in_french() -> None:
    """An option's French help that names what follows it names it as the French help shows it
    (``--keep-sheets JOURS`` « depuis JOURS jours »), not by its English placeholder (« depuis
    DAYS jours »), which the French reader sees nowhere else."""
    english = {en for en, fr_word in PLACEHOLDERS.items() if en != fr_word}
    named: list[str] = []
    for path, command in COMMANDS:
        for param in _params(command):
            words = set(re.findall(r"\b[A-Z]+\b", french(param.help) or "")) & english
            named += [f"{' '.join(path)} {param.name}: {word}" for word in sorted(words)]
    assert named == []


@pytest.mark.parametrize(("args", "given", "option", "bounds"), [
    (["bench", "engine"], [], "--seconds", ["de 0,01 à 3600", "au moins 0,01 s"]),
    (["solve"], ["N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "-t", "NT",
      "-l", "W"],
     "--max-seconds", ["au moins 0,001"]),
    (["play"], [], "--budget", ["de 0,01 à 60"]),
    (["simulate"], [], "--budget", ["de 0,01 à 60"]),
    (["arena"], ["-c", "heuristic"], "--budget", ["de 0,01 à 60"]),
    (["serve"], [], "--bot-budget", ["de 0,01 à 60"])])
def test_the_french_help_writes_the_bounds_of_seconds_as_their_refusal_does(
        args: list[str], given: list[str], option: str, bounds: list[str]) -> None:
    """The French help gives the bounds of ``--seconds`` (and of ``--rounds``' share of it), of
    ``--max-seconds`` and of a bot's thinking time with a decimal comma, as the French refusal of a
    value out of them writes them and as the option reads them under ``--lang fr``: none with a
    point."""
    said = _flat(_help([*args, "--help", "--lang", "fr"]).stdout)
    for bound in bounds:
        assert bound in said, bound
    assert not re.search(r"\b0\.0\d", said), said  # 0.01, not the address 0.0.0.0
    refused = _help([*args, *given, option, "-1", "--lang", "fr"])
    assert refused.exit_code == 2 and bounds[0] in refused.stderr, refused.output


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "whist" for p, _ in COMMANDS])
def test_the_french_help_writes_its_numbers_in_french(path: list[str], command: Any) -> None:
    """No number of the French help has a decimal point, its defaults neither (``[par défaut :
    3,0]``, as the option reads it under ``--lang fr``), and a percentage has a narrow no-break
    space before its sign (``95 %``); an address (127.0.0.1) or a section (§5.3) is no number."""
    out = _help([*path, "--help", "--lang", "fr"]).stdout
    assert re.findall(r"(?<![\w.§])\d+\.\d+(?![\w.])", out) == [], out
    assert re.findall(r"\d(?:[ \u00a0]?%)", out) == [], out


@pytest.mark.parametrize(("args", "default"), [
    (["bench", "engine"], "[par défaut : 3,0]"), (["play"], "[par défaut : 1,0]"),
    (["serve"], "[par défaut : 1,0]")])
def test_a_decimal_default_has_a_comma_in_the_french_help(args: list[str], default: str) -> None:
    """A decimal default is written in the French help as French writes it, and the English keeps
    its point."""
    assert default in _flat(_help([*args, "--help", "--lang", "fr"]).stdout)
    english = default.replace(",", ".").replace("par défaut :", "default:")
    assert english in _flat(_help([*args, "--help"]).stdout)


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "whist" for p, _ in COMMANDS])
def test_the_english_help_is_typer_s_own(path: list[str], command: Any) -> None:
    """In English the help is what typer prints for the command, word for word, and it holds none
    of the French."""
    out = runner.invoke(app, [*path, "--help"], env={"WHIST_LANG": ""}, terminal_width=100).stdout
    ctx = command.make_context(" ".join(["whist", *path]), ["--lang", "en"] if path else [],
                               resilient_parsing=True, terminal_width=100)
    formatter = ctx.make_formatter()
    base = TyperGroup if isinstance(command, TyperGroup) else TyperCommand
    base.format_help(command, ctx, formatter)
    assert out.rstrip("\n") == formatter.getvalue().rstrip("\n")
    assert "Usage: whist" in out and "Options:" in out and "Afficher" not in out
    assert not re.search(r"\bdonnes?\b", out, re.IGNORECASE), out  # no French gloss: "Deals (donnes)"
    for param in _params(command):
        assert _bare(french(param.help or "") or "NONE") not in _bare(out), param.name


def test_every_option_and_command_has_its_french() -> None:
    """Walking the tree of commands: every command, group, option and argument has a French help
    (an option added without one fails here), and every command prints its help through the
    class that says it in French."""
    missing = []
    for path, command in COMMANDS:
        assert isinstance(command, HelpGroup if isinstance(command, TyperGroup) else HelpCommand), path
        if not command.help or french(command.help) is None:
            missing.append(" ".join(path) or "whist")
        for param in command.params:
            text = getattr(param, "help", None)
            if not text or french(text) in (None, text):
                missing.append(f"{' '.join(path)} {param.name}")
    assert missing == []


@pytest.mark.parametrize("args", [
    ["play", "--lang", "fr", "--help"], ["sheet", "add", "--help", "--lang", "fr"],
    ["--lang", "fr", "--help"],
    ["--lang", "fr", "play", "--help"], ["sheet", "--lang=fr", "--help"], ["--lang", "FR", "rules", "--help"],
    ["--lang", "en", "rules", "--help", "--lang", "fr"]])
def test_lang_fr_anywhere_on_the_command_line(args: list[str]) -> None:
    r = _help(args)
    assert r.exit_code == 0 and r.stdout.startswith("Usage : whist"), r.output


def test_the_last_lang_wins() -> None:
    r = _help(["rules", "--lang", "fr", "--help", "--lang", "en"])
    assert r.exit_code == 0 and r.stdout.startswith("Usage: whist rules")


class TestTheEnvironment:
    """``WHIST_LANG=fr`` asks for the help in French; ``--lang`` wins over it; the locale does
    not count; a sheet started in French does not make the help French."""

    @pytest.mark.parametrize("args", [
        ["--help"], [], ["play", "--help"], ["sheet"], ["sheet", "undo", "--help"]])
    def test_whist_lang_fr(self, args: list[str]) -> None:
        r = _help(args, WHIST_LANG="fr")  # without arguments, the help is on stderr
        assert r.output.startswith("Usage : whist"), r.output
        assert "Show this message" not in r.output and "Afficher ce message" in r.output

    def test_lang_en_wins_over_the_environment(self) -> None:
        r = _help(["play", "--help", "--lang", "en"], WHIST_LANG="fr")
        assert r.stdout.startswith("Usage: whist play") and "Show this message and exit." in r.stdout

    @pytest.mark.parametrize("env", [
        {"LANG": "fr_BE.UTF-8"}, {"LC_ALL": "fr_FR.UTF-8"}, {"WHIST_LANG": " "}])
    def test_the_locale_leaves_it_english(self, env: dict[str, str]) -> None:
        r = _help(["play", "--help"], **env)
        assert r.stdout.startswith("Usage: whist play"), r.output

    @pytest.mark.parametrize(("args", "env", "name", "value"), [
        (["--lang", "de", "--help"], "", "--lang", "de"), (["--lang", "de"], "", "--lang", "de"),
        (["play", "--help", "--lang=nl"], "fr", "--lang", "nl"),
        (["sheet", "--lang", "de"], "", "--lang", "de"),
        (["bench", "engine", "--help", "--lang", ""], "", "--lang", ""),
        (["play", "--help"], "nl", "WHIST_LANG", "nl"), (["--help"], "de", "WHIST_LANG", "de"),
        ([], "nl", "WHIST_LANG", "nl"), (["sheet", "add", "--help"], "DE", "WHIST_LANG", "DE")])
    def test_another_language_is_refused(self, args: list[str], env: str, name: str, value: str) -> None:
        """A language that is neither en nor fr, asked for the help by ``--lang`` or
        ``WHIST_LANG``, is refused as ``whist play --lang de`` is (exit 2, naming en and fr and
        what said it), not ignored with the help in English."""
        r = _help(args, WHIST_LANG=env)
        said = f"Error: {name} takes en or fr, not {value!r} ({name} prend en ou fr, pas « {value} »)"
        assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip() == said, r.output

    def test_the_help_refuses_a_language_as_the_command_does(self) -> None:
        command = _help(["play", "--lang", "de"])
        assert command.exit_code == 2 and command.stderr == _help(["play", "--help", "--lang", "de"]).stderr

    def test_lang_wins_over_another_language_in_the_environment(self) -> None:
        r = _help(["play", "--help", "--lang", "fr"], WHIST_LANG="nl")
        assert r.exit_code == 0 and r.stdout.startswith("Usage : whist play"), r.output

    def test_a_french_sheet_does_not_make_the_help_french(self, tmp_path: Path) -> None:
        sheet = str(tmp_path / "s.json")
        assert _help(["sheet", "new", "--lang", "fr", "--file", sheet]).exit_code == 0
        r = _help(["sheet", "show", "--file", sheet, "--help"])
        assert r.stdout.startswith("Usage: whist sheet show"), r.output

    def test_the_rule_itself(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.delenv("WHIST_LANG", raising=False)
        assert help_lang(["play", "--help"]) == "en"
        assert help_lang(["play", "--lang=Fr"]) == "fr"
        monkeypatch.setenv("WHIST_LANG", " fr ")
        assert help_lang(["play"]) == "fr"
        assert help_lang(["play", "--lang", "en"]) == "en"
        assert lang_option(["a", "--lang", "fr", "--lang=en"]) == "en"
        assert lang_option(["a", "--lang"]) is None


def test_one_english_text_has_one_french() -> None:
    assert en_fr("Seed of the random deals.", "Graine des donnes au hasard.") == "Seed of the random deals."
    with pytest.raises(ValueError, match="two French"):
        en_fr("Seed of the random deals.", "Une autre graine.")


class TestAGroupPassesItsLang:
    """``whist --lang fr COMMAND`` is ``whist COMMAND --lang fr``; the command's own wins."""

    def test_the_root(self) -> None:
        r = _help(["--lang", "fr", "rules", "--preset", "short"])
        assert r.exit_code == 0 and r.stdout.startswith("Règles : whist court"), r.output

    def test_the_command_s_own_wins(self) -> None:
        r = _help(["--lang", "fr", "rules", "--lang", "en"])
        assert r.exit_code == 0 and r.stdout.startswith("Rules: classic"), r.output

    def test_the_sheet_group(self, tmp_path: Path) -> None:
        sheet = str(tmp_path / "s.json")
        r = _help(["sheet", "--lang", "fr", "new", "--file", sheet])
        assert r.exit_code == 0 and r.stdout.startswith("Nouvelle feuille"), r.output
        r = _help(["--lang", "en", "sheet", "show", "--file", sheet])  # the sheet is French
        assert r.exit_code == 0 and "Score sheet" in r.stdout, r.output

    def test_the_bench_group(self) -> None:
        r = _help(["bench", "--lang", "fr", "engine", "--seconds", "0.05", "--rounds", "1"])
        assert r.exit_code == 0 and "donnes/s" in r.stdout and "deals/s" not in r.stdout, r.output

    def test_a_usage_error_after_the_root_s_lang_is_french(self) -> None:
        r = _help(["--lang", "fr", "sheet", "penalty"])
        assert r.exit_code == 2 and "Erreur : il manque l'argument « PLACE »." in r.stderr, r.output
        assert r.stderr.startswith("Usage : whist sheet penalty [OPTIONS] PLACE\n"), r.output

    @pytest.mark.parametrize(("args", "said"), [
        (["--lang", "fr", "nope"], "Erreur : commande inconnue : « nope »."),
        (["sheet", "--lang", "fr", "--bogus"], "Erreur : option inconnue : --bogus"),
        (["--lang", "fr", "sheet", "nope"], "Erreur : commande inconnue : « nope ».")])
    def test_a_group_s_own_usage_errors_are_french(self, args: list[str], said: str) -> None:
        r = _help(args)
        usage = f"Usage : whist{' sheet' if 'sheet' in args else ''} [OPTIONS] COMMANDE [ARGS]..."
        assert r.exit_code == 2 and r.stderr.startswith(usage) and said in r.stderr, r.output

    def test_the_environment_makes_a_usage_error_french(self) -> None:
        """``WHIST_LANG`` is every command's language: an error of the command line follows it,
        its usage line too; ``--lang en`` wins."""
        r = _help(["sheet", "nope"], WHIST_LANG="fr")
        assert r.exit_code == 2 and r.stderr.startswith("Usage : whist sheet [OPTIONS] COMMANDE [ARGS]...")
        assert "Erreur : commande inconnue : « nope »." in r.stderr, r.output
        r = _help(["play", "--bogus", "--lang", "en"], WHIST_LANG="fr")
        assert r.exit_code == 2 and "Error: No such option: --bogus" in r.stderr, r.output


class TestTheEnvironmentForEveryCommand:
    """``WHIST_LANG=fr`` makes every command speak French, not only its help: the default of
    every command's ``--lang``, below a group's ``--lang`` and the command's own, which win."""

    @pytest.mark.parametrize(("args", "fr", "en"), [
        (["rules"], "Règles : whist classique", "Rules: classic"),
        (["score", "solo", "7", "--declarers", "N", "--tricks", "8"],
         "couleur : solo 7 · preneurs N · plis 8 · réussi",
         "couleur: solo 7 · declarers N · tricks 8 · made"),
        (["simulate", "--preset", "couleur", "--deals", "1"],
         "Résumé de la simulation", "Simulation summary")])
    def test_a_command_speaks_it(self, args: list[str], fr: str, en: str,
                                 tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.chdir(tmp_path)  # simulate's records
        for env in ("fr", " FR "):
            r = _help(args, WHIST_LANG=env)
            assert r.exit_code == 0 and r.stdout.startswith(fr), r.output
        for lang in (["--lang", "en"], ["--lang=en"]):
            r = _help([*args, *lang], WHIST_LANG="fr")
            assert r.exit_code == 0 and r.stdout.startswith(en), r.output
            r = _help([*lang, *args], WHIST_LANG="fr")
            assert r.exit_code == 0 and r.stdout.startswith(en), r.output
        r = _help(args, WHIST_LANG="")
        assert r.exit_code == 0 and r.stdout.startswith(en), r.output

    def test_the_json_is_the_same(self) -> None:
        args = ["score", "solo", "7", "--declarers", "N", "--tricks", "8", "--json"]
        assert _help(args, WHIST_LANG="fr").stdout == _help(args).stdout

    def test_the_groups(self, tmp_path: Path) -> None:
        """It reaches the commands of ``whist sheet`` and ``whist bench``; a group's ``--lang`` wins,
        before the group or after it."""
        sheet = str(tmp_path / "s.json")
        r = _help(["sheet", "new", "--file", sheet, "--preset", "couleur"], WHIST_LANG="fr")
        assert r.exit_code == 0 and r.stdout.startswith("Nouvelle feuille"), r.output
        add = ["add", "solo", "7", "--declarers", "N", "--tricks", "8", "--file", sheet]
        r = _help(["sheet", *add], WHIST_LANG="fr")
        assert r.exit_code == 0 and "Totaux" in r.stdout, r.output
        for args in (["--lang", "en", "sheet", "show"], ["sheet", "--lang", "en", "show"]):
            r = _help([*args, "--file", sheet], WHIST_LANG="fr")
            assert r.exit_code == 0 and r.stdout.startswith("Score sheet"), r.output
        r = _help(["bench", "engine", "--seconds", "0.05", "--rounds", "1"], WHIST_LANG="fr")
        assert r.exit_code == 0 and "donnes/s" in r.stdout and "deals/s" not in r.stdout, r.output

    @pytest.mark.parametrize("args", [["rules"], ["sheet", "show"], ["bench", "engine", "--rounds", "1"]])
    def test_another_language_is_refused(self, args: list[str]) -> None:
        """A ``WHIST_LANG`` that is neither en nor fr is refused as a command runs, as for its help
        (exit 2, naming ``WHIST_LANG``, before the command does anything); a ``--lang`` on the
        command line wins over it."""
        r = _help(args, WHIST_LANG="nl")
        said = "Error: WHIST_LANG takes en or fr, not 'nl' (WHIST_LANG prend en ou fr, pas « nl »)"
        assert r.exit_code == 2 and r.stdout == "" and r.stderr.strip() == said, r.output
        r = _help(["rules", "--lang", "fr"], WHIST_LANG="nl")
        assert r.exit_code == 0 and r.stdout.startswith("Règles"), r.output


@pytest.mark.parametrize("command", [["solve"], ["arena"], ["simulate"], ["replay"], ["bench", "solver"],
                                     ["bench", "engine"]])
@pytest.mark.parametrize(("lang", "head"), [("en", "Example: "), ("fr", "Exemple : ")])
def test_the_research_commands_help_shows_an_example_that_runs(
        command: list[str], lang: str, head: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The help of each research command ends its description with an example, in the language of
    the help (in French with --lang fr, the cards and the decimal comma as French reads them), that
    runs as shown, after the command it names first (a replay, the simulate that wrote its record)."""
    monkeypatch.chdir(tmp_path)
    shown = runner.invoke(app, [*command, "--help", "--lang", lang])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    example = re.search(f"{head}`whist ([^`]+)`", text)
    assert example is not None, text
    line = shlex.split(example[1])
    assert line[:len(command)] == command
    assert (lang == "fr") == ("--lang" in line), line
    if command == ["replay"]:
        first = re.search(r"`whist (simulate --records [^`]+)`", text)
        assert first is not None, text
        assert runner.invoke(app, [*shlex.split(first[1]), "--rubbers", "1"]).exit_code == 0
    r = runner.invoke(app, line)
    assert r.exit_code == 0, (line, r.output)
    assert r.stdout.strip(), line


@pytest.mark.parametrize("group", [[], ["bench"], ["sheet"]])
@pytest.mark.parametrize(("lang", "env"), [(["--lang", "fr"], "fr"), (["--lang=FR"], "fr"),
                                           (["--lang", "en"], "en")])
def test_a_group_given_only_its_language_shows_its_help(group: list[str], lang: list[str], env: str) -> None:
    """`whist --lang fr` (`whist bench --lang fr` …) is `whist` alone, in French: the help of the
    group and its commands, as WHIST_LANG=fr gives it; it was a usage error (« il manque la
    commande »), the help only one more command away."""
    alone = runner.invoke(app, group, env={"WHIST_LANG": env})
    given = runner.invoke(app, [*group, *lang], env={"WHIST_LANG": ""})
    assert given.exit_code == alone.exit_code and given.output == alone.output, given.output
    assert ("Commandes :" if env == "fr" else "Commands:") in given.output
    assert "Missing command" not in given.output and "il manque la commande" not in given.output
