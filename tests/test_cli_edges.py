"""The `whist` command at its edges: the command line's own errors and the decimal numbers typed
in French (`--lang fr`), what simulate and `whist bench engine` say of their budget, rounds and
interruptions, the system's reasons for a file, two games saving at once, a file given to the
wrong command, Ctrl-C while it loads, a game cut by a closed pipe. The commands themselves:
test_cli.py (play, options, bench) and test_cli_research.py (simulate, replay)."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NoReturn

import pytest
from test_cli import first_legal_lines, run, runner

from whist import record
from whist.bots import Bot, get_bot
from whist.cards import SEATS, Lang, Seat
from whist.cli import app
from whist.colour_session import ColourSession
from whist.couleur_match import ColourMatch
from whist.match import Match
from whist.rules import Rules, preset
from whist.session import Session, TableSession

# ----- the command line's own errors in French ------------------------------------------------


@pytest.mark.parametrize(("args", "en", "fr"), [
    (["sheet", "add", "solo 7", "-t"], "Option '-t' requires an argument.",
     "Erreur : l'option « -t » demande une valeur."),
    (["sheet", "penalty"], "Missing argument 'SEAT'.", "Erreur : il manque l'argument « PLACE »."),
    (["sheet", "show", "--bogus"], "No such option: --bogus", "Erreur : option inconnue : --bogus"),
    (["sheet", "show", "--jsn"], "(Possible options: --json)", "(options possibles : --json)"),
    (["sheet", "penalty", "N", "E"], "Got unexpected extra argument", "Erreur : argument en trop : E"),
    (["score", "solo 7", "-c"], "Option '-c' requires an argument.",
     "Erreur : l'option « -c » demande une valeur."),
    (["sheet", "add", "trou", "--needed", "x"], "Invalid value for '--needed'",
     "Erreur : valeur invalide pour « --needed » : ce doit être un nombre entier"),
    (["serve", "--port", "70000"], "'--port': 70000 is too large: give a number from 1 to 65535",
     "Erreur : valeur invalide pour « --port » : 70000 est trop grand : donnez un nombre de 1 à 65535"),
    (["sheet", "show", "--json=3"], "Option '--json' does not take a value.",
     "Erreur : l'option « --json » ne prend pas de valeur."),
    (["solve", "N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT"], "Missing option '--leader' / '-l'.",
     "Erreur : il manque l'option « --leader » / « -l »."),
    (["solve", "N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT", "-l", "N", "--memry", "3"],
     "No such option: --memry", "Erreur : option inconnue : --memry"),
    (["serve", "--port", "0"], "0 is too small: give a number from 1 to 65535",
     "Erreur : valeur invalide pour « --port » : 0 est trop petit : donnez un nombre de 1 à 65535"),
    # as whist words a number below its least value (--seconds 0), not pydantic's "Input should be …"
    (["arena", "--candidate", "heuristic", "--deals", "0"],
     "Invalid value for '--deals' / '-n': 0 is too small: give a number of at least 1",
     "Erreur : valeur invalide pour « --deals » / « -n » : 0 est trop petit : donnez un nombre d'au moins 1"),
    (["simulate", "--rubbers", " -3"], "-3 is too small: give a number of at least 1",
     "-3 est trop petit : donnez un nombre d'au moins 1"),
    (["simulate", "--records", __file__], f"dir {__file__!r} is a file.",
     f"Erreur : valeur invalide pour « --records » : « {__file__} » est un fichier, pas un dossier."),
    (["play", "--rules", "."], "file '.' is a directory.",
     "Erreur : valeur invalide pour « --rules » : « . » est un dossier, pas un fichier."),
    (["sheet", "show", "--file", "."], "Invalid value for '--file' / '-f' (env var: 'WHIST_SHEET'): file",
     "Erreur : valeur invalide pour « --file » / « -f » (variable d'environnement : « WHIST_SHEET ») :"
     " « . » est un dossier, pas un fichier."),
])
def test_usage_errors_are_french_with_lang_fr(args: list[str], en: str, fr: str) -> None:
    """guide.md promises French errors with --lang fr: click's own (an option without its value,
    an unknown option, a missing argument …) too, exit status 2 and the usage line kept; without
    --lang fr, or with --lang en, they stay English."""
    at = 2 if args[0] == "sheet" else 1  # --lang before the words that fail, as a user types it
    for lang in ([], ["--lang", "en"]):
        r = runner.invoke(app, [*args[:at], *lang, *args[at:]])
        assert r.exit_code == 2 and en in r.stderr and "Erreur" not in r.stderr, r.output
    for lang in (["--lang", "fr"], ["--lang=fr"], ["--lang", "FR"]):
        r = runner.invoke(app, [*args[:at], *lang, *args[at:]])
        assert r.exit_code == 2 and fr in r.stderr and "Error:" not in r.stderr, r.output
        assert r.stdout == ""
        if "Usage:" in runner.invoke(app, args).stderr:
            assert f"Usage : whist {' '.join(args[:at])} [OPTIONS]" in r.stderr
            hint = f"Essayez « whist {' '.join(args[:at])} --help --lang fr » pour l'aide."
            assert hint in r.stderr
            # what it says to type gives the help in French, not the English of a bare --help
            helped = runner.invoke(app, hint.split("« ")[1].split(" »")[0].split()[1:])
            assert helped.exit_code == 0 and helped.stdout.startswith("Usage : "), helped.output


@pytest.mark.parametrize(("args", "en", "fr"), [
    (["sheet", "add", "--bogus"], "No such option: --bogus\n", "option inconnue : --bogus\n"),
    (["sheet", "add", "--honors"], "No such option: --honors (Possible options: --honneurs, --honours)\n",
     "option inconnue : --honors (options possibles : --honneurs, --honours)\n"),
    (["solve", "x", "--memry", "3"], "(Possible options: --memory)\n", "(options possibles : --memory)\n")])
def test_an_unknown_option_suggests_only_those_named_nearly_as_it(args: list[str], en: str, fr: str) -> None:
    """An unknown option is followed by the options named nearly as it, if any: not by one that
    only shares the two dashes and a letter or three with it (--bogus: --honours, as click
    suggested)."""
    for lang, said in (("en", en), ("fr", fr)):
        r = runner.invoke(app, [*args, "--lang", lang])
        assert r.exit_code == 2 and r.stderr.endswith(said), r.output


@pytest.mark.parametrize(("en", "fr"), [
    ("file '.' is a directory.", "« . » est un dossier, pas un fichier."),
    ("dir 'x' is a file.", "« x » est un fichier, pas un dossier."),
    ("path 'x' does not exist.", "« x » n'existe pas."),
    ("file 'x' is not readable.", "« x » ne peut pas être lu (permission refusée)."),
    ("file 'x' is not writable.", "« x » ne peut pas être écrit (permission refusée)."),
])
def test_every_reason_typer_gives_for_a_path_is_french_too(en: str, fr: str) -> None:
    """Each reason typer gives for refusing a path (a file, a dir or either, as the option asks
    for) is said in French, not only the directory given for a file that the test above meets."""
    from whist.cli_usage import french_usage

    said = french_usage(f"Invalid value for '--rules': {en}")
    assert said == f"valeur invalide pour « --rules » : {fr}"


def test_simulate_interrupted_before_a_rubber_says_it_in_good_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped before its only rubber was played: « 0 robre sur 1, 0 donne », not « 0 sur 1
    robres »."""

    def stop(self: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(TableSession, "step", stop)
    r = runner.invoke(app, ["simulate", "--rubbers", "1", "--bots", "random", "--lang", "fr"])
    assert r.exit_code == 130 and r.stderr == "Erreur : interrompu : 0 robre sur 1, 0 donne\n", r.output
    r = runner.invoke(app, ["simulate", "--rubbers", "1", "--bots", "random"])
    assert r.exit_code == 130, r.output
    assert r.stderr == "Error: interrupted: 0 of 1 rubbers played, 0 deals\n"


@pytest.mark.parametrize(("lang", "said"), [("en", "Error: interrupted: 1234567 of 2000000 deals played"),
                                             ("fr", "Erreur : interrompu : 1234567 donnes sur 2000000")])
def test_a_simulation_interrupted_past_a_million_deals_counts_them_whole(
        capsys: pytest.CaptureFixture[str], lang: Lang, said: str) -> None:
    """The deals played before Ctrl-C are counted as the total is, digit by digit, not 1.23457e+06
    (a count is no decimal number, in either language)."""
    from typer import Exit

    from whist.cli_common import simulate_sessions

    class Stopped:  # a session that has played 1234567 deals when Ctrl-C comes
        is_over = needs_deal = False
        match = None
        steps = 0

        def step(self) -> None:
            self.steps += 1
            if self.steps > 1:
                raise KeyboardInterrupt

    sessions: Any = [Stopped()]
    with pytest.raises(Exit) as stopped:
        simulate_sessions(sessions, 2_000_000, ("Deals", "donnes"), lambda m: 1_234_567, None,
                          str, lang, bots=["random"] * 4)
    assert stopped.value.exit_code == 130
    assert " ".join(capsys.readouterr().err.split()) == said


@pytest.mark.parametrize(("preset_name", "count"), [("classic", "--rubbers"), ("couleur", "--deals")])
def test_simulate_json_states_the_budget_given(preset_name: str, count: str) -> None:
    """A simulation's figures depend on pimc's thinking time, so its JSON says the --budget given
    (null: the bots' own), as the arena's does."""
    for given, said in ((["--budget", "0.05"], 0.05), ([], None)):
        r = run("simulate", "-p", preset_name, count, "1", "--bots", "random", *given, "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["budget"] == said


@pytest.mark.parametrize(("preset_name", "count"), [("classic", "--rubbers"), ("couleur", "--deals")])
@pytest.mark.parametrize(("lang", "said"), [("en", "budget: 0.05 s per card"),
                                           ("fr", "temps : 0,05 s par carte")])
def test_simulate_says_the_budget_given(preset_name: str, count: str, lang: str, said: str) -> None:
    """The summary's head says the --budget given next to the bots, as the arena's does; nothing
    without one."""
    r = run("simulate", "-p", preset_name, count, "1", "--bots", "random", "--budget", "0.05", "--lang", lang)
    assert r.exit_code == 0 and said in r.stdout, r.output
    r = run("simulate", "-p", preset_name, count, "1", "--bots", "random", "--lang", lang)
    assert r.exit_code == 0 and said.split()[0] not in r.stdout, r.output


def test_bench_engine_speaks_english_only_with_lang_en() -> None:
    """The English measure is said in English alone: no French gloss on its rate."""
    r = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1"])
    assert r.exit_code == 0 and "deals/s, best of 1 round:" in r.stdout, r.output
    assert "donnes" not in r.stdout, r.stdout
    # thousands grouped as each language writes them: 9,425 deals/s; in French 9 425 donnes/s
    assert re.match(r"\d{1,3}(,\d{3})* deals/s", r.stdout), r.stdout
    fr = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1", "--lang", "fr"])
    assert re.match("\\d{1,3}(\u202f\\d{3})* donnes/s", fr.stdout), fr.stdout


def test_bench_engine_speaks_french_with_lang_fr() -> None:
    """whist bench engine takes --lang too: its measure and its errors in French."""
    r = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1", "--lang", "fr"])
    assert r.exit_code == 0 and "donnes/s, le meilleur de 1 tours" not in r.stdout
    assert "donnes/s, le meilleur de 1 tour" in r.stdout and "deals" not in r.stdout, r.output
    # what is measured in French words, not the engine's English names of its functions
    assert r.stdout.rstrip().endswith("(préréglage classic ; mélange, coups permis, coups joués)"), r.output
    assert not re.search(r"shuffled|legal_actions|apply", r.stdout), r.output
    en = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1"])
    assert en.stdout.rstrip().endswith("one core (shuffled, legal_actions, apply)"), en.output
    r = runner.invoke(app, ["bench", "engine", "--seconds", "0", "--lang", "fr"])
    assert r.exit_code == 2, r.output
    assert r.stderr == "Erreur : --seconds 0 est trop petit : donnez un nombre de secondes de 0,01 à 3600\n"


@pytest.mark.parametrize("command", ["engine", "solver"])
@pytest.mark.parametrize(("lang", "said", "not_said"), [
    ("en", "Language of what the benchmark prints (its labels,", "contracts"),
    ("fr", "Langue de ce qu'affiche la mesure (ses libellés,", "contrats")])
def test_a_bench_s_lang_says_what_it_governs(command: str, lang: str, said: str, not_said: str) -> None:
    """The help of a benchmark's --lang says what it prints in that language (labels, numbers),
    not the contracts, results and cards of the commands that play, which it never prints."""
    r = runner.invoke(app, ["bench", command, "--help", "--lang", lang])
    line = " ".join(r.stdout.split()).split("--lang en|fr ")[1].split(" --help ")[0]
    assert r.exit_code == 0 and line.startswith(said) and not_said not in line, r.output


@pytest.mark.parametrize(("command", "measure"), [("engine", "whist.cli.bench_engine"),
                                                   ("solver", "whist.cli_solver.run_bench")])
@pytest.mark.parametrize(("lang", "said"), [("en", "Error: interrupted\n"), ("fr", "Erreur : interrompu\n")])
def test_a_bench_interrupted_says_so(monkeypatch: pytest.MonkeyPatch, command: str, measure: str, lang: str,
                                     said: str) -> None:
    """Ctrl-C during ``whist bench engine`` or ``whist bench solver`` exits 130 saying it was
    interrupted, as play, simulate and arena do (the benches exited without a word)."""

    def stop(*args: object, **kwargs: object) -> NoReturn:
        raise KeyboardInterrupt

    monkeypatch.setattr(measure, stop)
    r = runner.invoke(app, ["bench", command, "--lang", lang])
    assert r.exit_code == 130 and r.stderr == said and r.stdout == "", r.output


def test_bench_engine_writes_french_numbers_with_lang_fr() -> None:
    """In French the time measured takes a decimal comma (en 0,1 s), as the bounds of --seconds
    do, and --seconds takes one too (0,1); in English a point, and 0,1 is refused as before."""
    fr = runner.invoke(app, ["bench", "engine", "--seconds", "0,1", "--rounds", "1", "--lang", "fr"])
    assert fr.exit_code == 0 and re.search(r"au hasard en \d+,\d s, sur un", fr.stdout), fr.output
    assert not re.search(r"\d\.\d", fr.stdout), fr.stdout
    # « un cœur » alone, in a card game, read as a heart; the preset's name is no adjective
    assert "sur un cœur de processeur (préréglage classic ;" in fr.stdout, fr.stdout
    assert "donnes classic" not in fr.stdout
    en = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1"])
    assert en.exit_code == 0 and re.search(r"deals in \d+\.\d s, one core", en.stdout), en.output
    en = runner.invoke(app, ["bench", "engine", "--seconds", "0,1", "--rounds", "1"])
    assert en.exit_code == 2 and "'0,1' is not a number of seconds: give one from 0.01 to 3600" in en.stderr


@pytest.mark.parametrize(("args", "en", "fr"), [
    (["--seconds", "inf"], "--seconds 'inf' is not a number of seconds: give one from 0.01 to 3600",
     "--seconds « inf » n'est pas un nombre de secondes : donnez-en un de 0,01 à 3600"),
    (["--seconds", "nan"], "--seconds 'nan' is not a number of seconds: give one from 0.01 to 3600",
     "--seconds « nan » n'est pas un nombre de secondes : donnez-en un de 0,01 à 3600"),
    (["--seconds", "1e9"], "--seconds 1e9 is too large: give a number of seconds from 0.01 to 3600",
     "--seconds 1e9 est trop grand : donnez un nombre de secondes de 0,01 à 3600"),
    (["--seconds", "-1"], "--seconds -1 is too small: give a number of seconds from 0.01 to 3600",
     "--seconds -1 est trop petit : donnez un nombre de secondes de 0,01 à 3600"),
    (["--seconds", "0.01", "--rounds", "1000"],
     "--rounds 1000 is too many for --seconds 0.01: each round needs at least 0.01 s; give at most 1 round,"
     " or more seconds",
     "--rounds 1000 est trop pour --seconds 0.01 : chaque tour demande au moins 0,01 s ; donnez au plus 1"
     " tour, ou plus de secondes"),
    (["-t", "0.05", "--rounds", "6"],
     "--rounds 6 is too many for --seconds 0.05: each round needs at least 0.01 s; give at most 5 rounds,"
     " or more seconds",
     "--rounds 6 est trop pour --seconds 0.05 : chaque tour demande au moins 0,01 s ; donnez au plus 5"
     " tours, ou plus de secondes"),
])
def test_bench_engine_refuses_a_time_it_cannot_keep(args: list[str], en: str, fr: str) -> None:
    """--seconds inf measured for ever and 1e9 for thirty years; --seconds 0.01 --rounds 1000 took
    seconds, each round playing a batch of deals whatever its share: one line in each language,
    exit 2, before anything is measured."""
    for lang, said in (("en", f"Error: {en}"), ("fr", f"Erreur : {fr}")):
        r = runner.invoke(app, ["bench", "engine", *args, "--lang", lang])
        assert r.exit_code == 2 and r.stdout == "", r.output
        assert said in " ".join(r.stderr.split()) and len(r.stderr.splitlines()) == 1, r.stderr


# ----- the decimal numbers typed in French -----------------------------------------------------

SOLVE = ["solve", "N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT", "-l", "N"]
DECIMAL_OPTIONS = [
    # the words before the option, the option, its bounds in English and in French
    (["play"], "--budget", "from 0.01 to 60", "de 0,01 à 60"),
    (["simulate"], "--budget", "from 0.01 to 60", "de 0,01 à 60"),
    (["arena", "-c", "heuristic"], "--budget", "from 0.01 to 60", "de 0,01 à 60"),
    (["arena", "-c", "heuristic"], "--reference-budget", "from 0.01 to 60", "de 0,01 à 60"),
    (["serve"], "--bot-budget", "from 0.01 to 60", "de 0,01 à 60"),
    (["bench", "engine"], "--seconds", "from 0.01 to 3600", "de 0,01 à 3600"),
    (SOLVE, "--max-seconds", "of at least 0.001", "d'au moins 0,001"),
]
"""Every option of ``whist`` that takes a decimal number."""


@pytest.mark.parametrize(("words", "option", "en", "fr"), DECIMAL_OPTIONS,
                         ids=[f"{w[0]} {o}" for w, o, _, _ in DECIMAL_OPTIONS])
def test_every_decimal_option_reads_a_number_as_the_language_writes_it(
        words: list[str], option: str, en: str, fr: str) -> None:
    """Every option that takes a decimal number reads it as --lang writes numbers: in French 0,0001
    is a number (too small, said so), in English it is none; what is no number in either (a point
    and a comma together, or Python's word for no number, nan, which is below no bound and above
    none) is refused as such. Each refusal is one line in the language of --lang
    naming the option and its bounds as that language writes them, exit 2, before anything is
    done."""
    for lang, value, said in (
            ("fr", "0,0001", f"Erreur : {option} 0,0001 est trop petit : donnez un nombre de secondes {fr}"),
            ("fr", "0.5,0",
             f"Erreur : {option} « 0.5,0 » n'est pas un nombre de secondes : donnez-en un {fr}"),
            ("en", "0,0001", f"Error: {option} '0,0001' is not a number of seconds: give one {en}"),
            ("en", "0.5,0", f"Error: {option} '0.5,0' is not a number of seconds: give one {en}"),
            ("en", "nan", f"Error: {option} 'nan' is not a number of seconds: give one {en}"),
            ("fr", "NaN", f"Erreur : {option} « NaN » n'est pas un nombre de secondes : donnez-en un {fr}")):
        r = runner.invoke(app, [*words, option, value, "--lang", lang])
        assert r.exit_code == 2 and r.stdout == "" and r.stderr == f"{said}\n", (lang, r.output)


class TestDecimalCommaInFrench:
    """Under --lang fr a bot's thinking time is typed with a decimal comma (0,05) as well as a point,
    and reaches the bots it is for (docs/guide.md)."""

    @pytest.fixture
    def asked(self, monkeypatch: pytest.MonkeyPatch) -> list[float | None]:
        """The budget each bot is made with (not those made only to check the names of --bots,
        without one)."""
        budgets: list[float | None] = []

        def recording(name: str, budget: float | None = None) -> Any:
            if budget is not None:
                budgets.append(budget)
            return get_bot(name, budget)

        monkeypatch.setattr("whist.arena_boards.get_bot", recording)
        return budgets

    @pytest.mark.parametrize("lang", [["--lang", "fr"], ["--lang=fr"]])
    def test_play(self, asked: list[float | None], tmp_path: Path, lang: list[str]) -> None:
        r = run("play", "--bots", "random", "--budget", "0,05", *lang, "--records", str(tmp_path), input="")
        assert r.exit_code == 1 and "l'entrée s'est terminée" in r.stderr, r.output  # the bots were made
        assert asked == [0.05] * 3

    @pytest.mark.parametrize("preset_name", ["classic", "couleur"])
    def test_simulate(self, asked: list[float | None], preset_name: str) -> None:
        count = ["--rubbers", "1"] if preset_name == "classic" else ["--deals", "1"]
        r = run("simulate", "-p", preset_name, *count, "--bots", "random", "--budget", "0,05", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert asked == [0.05] * 4

    def test_the_group_s_lang(self, asked: list[float | None]) -> None:
        """``whist --lang fr simulate`` is ``whist simulate --lang fr``: the comma is read too."""
        r = run("--lang", "fr", "simulate", "--rubbers", "1", "--bots", "random", "--budget", "0,05")
        assert r.exit_code == 0, r.output
        assert asked == [0.05] * 4

    def test_arena(self) -> None:
        r = run("arena", "-c", "random", "-r", "random", "-n", "1", "--no-double-dummy", "--budget", "0,05",
                "--reference-budget", "1,5", "--lang", "fr", "--json")
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        assert (d["budget"], d["reference_budget"]) == (0.05, 1.5)

    def test_serve(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import socket

        import whist.server

        given: list[float] = []

        def create_app(*args: Any, bot_budget: float, **kwargs: Any) -> Any:
            given.append(bot_budget)
            raise ImportError("no server in this test")

        monkeypatch.setattr(whist.server, "create_app", create_app)
        with socket.socket() as s:  # a port free a moment ago
            s.bind(("127.0.0.1", 0))
            port = str(s.getsockname()[1])
        r = run("serve", "--port", port, "--bot-budget", "0,25", "--lang", "fr")
        assert r.exit_code == 2 and "no server in this test" in r.stderr, r.output
        assert given == [0.25]


def test_a_stake_is_typed_with_a_decimal_comma_in_french() -> None:
    """--option stake=0,5 under --lang fr is a stake of 0.5, as French writes it; the table of
    `whist rules --lang fr` writes it back so; in English the comma is refused as before, in
    the words of the option (and --option stake=0.5 is read in both)."""
    fr = run("rules", "-o", "stake=0,5", "--lang", "fr", "--json")
    assert fr.exit_code == 0 and json.loads(fr.stdout)["stake"] == 0.5, fr.output
    assert json.loads(run("rules", "-o", "stake=0.5", "--lang", "fr", "--json").stdout)["stake"] == 0.5
    table = run("rules", "-o", "stake=0,5", "--lang", "fr").stdout
    assert re.search(r"│ stake +│ 0,5 +│", table), table
    assert re.search(r"│ stake +│ 0\.5 +│", run("rules", "-o", "stake=0.5").stdout)
    en = run("rules", "-o", "stake=0,5")
    assert en.exit_code == 2 and en.stderr == "Error: option stake takes a number, not '0,5'\n", en.output
    bad = run("rules", "-o", "stake=0,5,0", "--lang", "fr")
    assert bad.exit_code == 2 and "Erreur : l'option stake vaut un nombre, pas « 0,5,0 »" in bad.stderr

@pytest.mark.parametrize(("args", "said"), [
    (["rules", "-o", "stake=1.000"],
     "Erreur : l'option stake : « 1.000 » est ambigu : tapez 1,000 pour un nombre décimal, 1000 pour"
     " des milliers\n"),
    (["simulate", "--rubbers", "1", "--bots", "random", "--budget", "2.500"],
     "Erreur : --budget « 2.500 » est ambigu : tapez 2,500 pour un nombre décimal, 2500 pour des"
     " milliers\n")])
def test_a_point_before_three_digits_is_refused_in_french(args: list[str], said: str) -> None:
    """Under --lang fr a point is read as a decimal point (0.5), but one that stands before three
    digits after a whole number (1.000, 2.500) is how French groups thousands too: the number is
    refused, in words that give both ways to type it, rather than read as a thousand times less;
    0.250 and 1.5 are read, and in English 1.000 is one."""
    r = run(*args, "--lang", "fr")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr == said, r.output
    for value, stake in (("0.250", 0.25), ("1.5", 1.5), ("1,000", 1.0)):
        got = run("rules", "-o", f"stake={value}", "--lang", "fr", "--json")
        assert got.exit_code == 0 and json.loads(got.stdout)["stake"] == stake, (value, got.output)
    assert json.loads(run("rules", "-o", "stake=1.000", "--json").stdout)["stake"] == 1.0


def test_the_rules_line_writes_the_options_as_the_language_does(tmp_path: Path) -> None:
    """The line that names the rules played (simulate, a new classic sheet, its table's title)
    writes an option's value as ``whist rules`` does in that language, and as --option takes it
    there: in French stake=0,5 and honours=non; the JSON keeps stake=0.5 and honours=off."""
    args = ["--rubbers", "1", "--bots", "random", "-o", "stake=0,5", "-o", "honours=non", "--lang", "fr"]
    out = run("simulate", *args).stdout
    assert "Règles : whist classique, honours=non, stake=0,5   graine" in out, out  # the lobby's name
    assert json.loads(run("simulate", *args, "--json").stdout)["rules"] == "classic, honours=off, stake=0.5"
    sheet = tmp_path / "s.json"
    new = run("sheet", "new", "-f", str(sheet), "-p", "classic", "-o", "stake=0,5", "--lang", "fr")
    assert new.exit_code == 0, new.output
    assert new.stdout.startswith("Nouvelle feuille (whist classique, stake=0,5)"), new.output
    shown = run("sheet", "show", "-f", str(sheet)).stdout
    assert "(whist classique, stake=0,5)" in shown, shown
    english = run("simulate", "--rubbers", "1", "--bots", "random", "-o", "stake=0.5", "-o",
                  "honours=off").stdout
    assert "Rules: classic, honours=off, stake=0.5   seed" in english, english


def test_bench_engine_measures_for_its_seconds_in_its_rounds() -> None:
    """The measure lasts at least --seconds, in --rounds rounds (that it stops at the first deal
    past each round's share is pinned on a clock of the test's own, below, not on the machine's)."""
    r = run("bench", "engine", "--seconds", "0.2", "--rounds", "20", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["seconds"] >= 0.2 and data["deals"] >= 20, data
    assert len(data["rounds"]) == 20


def test_a_round_ends_with_the_first_deal_past_its_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round played deals by batches of 20, so that a round of 0.01 s lasted as long as 20 deals
    (--seconds 0.01 --rounds 1000 took three seconds). Here a deal takes 0.004 s of a clock of the
    test's own: each round of 0.01 s plays three deals and lasts 0.012 s."""
    from whist import benchmarks

    now = [0.0]

    def deals(rules: Rules, rng: random.Random, count: int, first: int = 0) -> int:
        now[0] += 0.004 * count
        return 52 * count

    monkeypatch.setattr(benchmarks, "play_random_deals", deals)
    monkeypatch.setattr(benchmarks, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    result = benchmarks.bench_engine(seconds=0.05, rounds=5)
    assert result.deals == 15 and result.seconds == pytest.approx(0.06)
    assert result.rounds == pytest.approx((250.0,) * 5)
    for seconds, rounds in ((math.inf, 1), (math.nan, 1), (3601, 1), (0.005, 1), (0.05, 6), (1, 0)):
        with pytest.raises(ValueError):
            benchmarks.bench_engine(seconds=seconds, rounds=rounds)


@pytest.mark.parametrize(("args", "en", "fr"), [
    (["replay", "{tmp}"], "cannot read {tmp}: Is a directory", "impossible de lire {tmp} : c'est un dossier"),
    # a link to itself: it said "No such file or directory"
    (["replay", "{tmp}/loop"], "cannot read {tmp}/loop: Too many levels of symbolic links",
     "impossible de lire {tmp}/loop : trop de niveaux de liens symboliques"),
    (["rules", "--rules", "{tmp}/none.toml"], "No such file or directory",
     "impossible de lire le fichier de règles {tmp}/none.toml : fichier ou dossier introuvable"),
    (["sheet", "new", "--file", "{tmp}/none/s.json"], "cannot write {tmp}/none/s.json: No such file",
     "impossible d'écrire {tmp}/none/s.json : fichier ou dossier introuvable"),
    (["sheet", "import", "{tmp}/none.csv", "--file", "{tmp}/s.json"], "cannot read {tmp}/none.csv: No such",
     "impossible de lire {tmp}/none.csv : fichier ou dossier introuvable"),
])
def test_the_system_reason_for_a_file_is_french_with_lang_fr(
        args: list[str], en: str, fr: str, tmp_path: Path) -> None:
    """A file that cannot be read or written: the system's reason (in English from the system) is
    said in French with --lang fr, and French says « impossible d'écrire »."""
    run("sheet", "new", "--file", str(tmp_path / "s.json"))
    (tmp_path / "loop").symlink_to("loop")
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    r = run(*args)
    assert r.exit_code in (1, 2) and en.replace("{tmp}", str(tmp_path)) in " ".join(r.stderr.split())
    r = run(*args, "--lang", "fr")
    said = " ".join(r.stderr.split())
    assert r.exit_code in (1, 2) and fr.replace("{tmp}", str(tmp_path)) in said, said
    assert "No such" not in said and "Is a directory" not in said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Error: no record named: give the record's file"),
    ("fr", "Erreur : aucun enregistrement nommé : donnez son fichier")])
def test_replay_of_no_file_named_says_so(lang: str, said: str) -> None:
    """`whist replay ""` (an empty variable in a script): it read the empty name as "." and said
    the current folder could not be read, exit 1; nothing is named, a mistake of the command
    line, exit 2."""
    r = run("replay", "", "--lang", lang)
    assert r.exit_code == 2 and said in r.stderr, r.output


@pytest.mark.parametrize("command", [
    ["play"], ["simulate"], ["arena"], ["replay"], ["score"], ["solve"], ["rules"], ["serve"],
    ["sheet", "new"], ["sheet", "add"], ["sheet", "penalty"], ["sheet", "undo"], ["sheet", "show"],
    ["sheet", "import"], ["sheet", "export"], ["bench", "engine"], ["bench", "solver"]])
def test_every_option_of_the_help_names_its_value(command: list[str]) -> None:
    """An option's value is named in words (--seed N, --port PORT, --jobs J), as README writes
    them, not by typer's type (--seed <int>, --port <int range>)."""
    r = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    options = [line.strip() for line in r.stdout.splitlines() if line.lstrip().startswith("-")]
    assert options, r.stdout
    assert [o for o in options if re.match(r"(-\w, )?--[\w-]+ <", o)] == []


def test_two_games_saving_at_once_under_one_name_keep_both_records(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two games of one seed saved in the same second: each looked for a free name, both found
    the same one, and the second record written replaced the first (six simulations at once left
    five records). Here the second game saves while the first is writing."""
    from whist import terminal

    stamp = datetime(2026, 12, 5, 7, 0, 0)
    games = [Session(preset("classic"), {x: get_bot("random") for x in SEATS}, 7) for _ in range(2)]
    games[1].start_deal()  # the two records differ
    real = record.save
    saved: list[Path] = []
    turns: list[int] = []

    def save(rec: Any, path: Path) -> Path:
        turns.append(len(turns))
        if turns == [0]:  # the first game is writing: the second saves now
            saved.append(terminal.save_match(games[1], tmp_path, stamp))
        return real(rec, path)

    monkeypatch.setattr(record, "save", save)
    first = terminal.save_match(games[0], tmp_path, stamp)
    assert first != saved[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "whist-20261205-070000-seed7-2.json", "whist-20261205-070000-seed7.json"]
    assert record.load(first) == record.match_record(games[0].match)
    assert record.load(saved[0]) == record.match_record(games[1].match)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sheet_given_to_replay_and_a_record_given_to_sheet_say_which_command_reads_them(
        tmp_path: Path, lang: str) -> None:
    """Both are whist's JSON files, easily mistaken: each command said only that the file was not
    its kind; it now names the command that reads it."""
    sheet = tmp_path / "club.json"
    assert run("sheet", "new", "--preset", "classic", "--file", str(sheet)).exit_code == 0
    game = tmp_path / "game.json"
    r = run("simulate", "--rubbers", "1", "--bots", "random", "--records", str(tmp_path / "r"))
    assert r.exit_code == 0, r.output
    (tmp_path / "r" / "simulate-classic-seed0-rubber0001.json").rename(game)
    said = {
        "en": (f"{sheet} is a score sheet, not a record of a game: show it with whist sheet show"
               f" --file {sheet}",
               f"{game} is a record of a game, not a score sheet: replay it with whist replay {game}"),
        "fr": (f"{sheet} est une feuille de marque, pas l'enregistrement d'une partie : affichez-la avec"
               f" whist sheet show --file {sheet}",
               f"{game} est l'enregistrement d'une partie, pas une feuille de marque : revoyez-la avec"
               f" whist replay --lang fr {game}"),
    }[lang]
    r = run("replay", str(sheet), "--lang", lang)
    assert r.exit_code == 1 and said[0] in " ".join(r.stderr.split()), r.stderr
    r = run("sheet", "show", "--file", str(game), "--lang", lang)
    assert r.exit_code == 2 and said[1] in " ".join(r.stderr.split()), r.stderr


def test_ctrl_c_while_the_command_loads_exits_130_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the moment Python imports the command's modules was a traceback through them;
    the entry point exits 130, as Ctrl-C does once the command runs."""
    from importlib.abc import MetaPathFinder

    from whist import __main__ as entry

    class Interrupted(MetaPathFinder):
        def find_spec(self, name: str, path: Any, target: Any = None) -> None:
            if name == "whist.cli":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "whist.cli")
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    with pytest.raises(SystemExit) as info:
        entry.main()
    assert info.value.code == 130


@pytest.mark.parametrize("preset_name", ["classic", "couleur"])
def test_a_game_cut_by_a_closed_pipe_keeps_the_deals_played(tmp_path: Path, preset_name: str) -> None:
    """`whist play < moves | head`: the reader gone after the first deal's result, the command
    exited 141 and saved nothing, where Ctrl-C keeps the game so far. The record is now saved, the
    exit still 141, and stderr says where (the output is gone); it holds at least the deals whose
    result was read. The last move is typed once the pipe is closed, so that the game writes
    after it, as it would at a terminal."""
    bots: dict[Seat, Bot] = {seat: get_bot("random") for seat in SEATS if seat is not Seat.S}
    rules = preset(preset_name)
    session = ColourSession(rules, bots, 3) if rules.game == "couleur" else Session(rules, bots, 3)
    lines = first_legal_lines(session)
    records = tmp_path / "records"
    proc = subprocess.Popen([sys.executable, "-m", "whist", "play", "--preset", preset_name, "--seed", "3",
                             "--bots", "random", "--records", str(records)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write("".join(f"{line}\n" for line in lines[:-1]).encode())
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith(b"Deal 1 result"):
            break
    proc.stdout.close()
    proc.stdin.write(f"{lines[-1]}\n".encode())
    proc.stdin.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141, err.decode()
    saved = list(records.iterdir())
    assert len(saved) == 1, saved
    assert err.decode() == f"Match record saved: {saved[0]}\n"
    match = record.replay(record.load(saved[0]))
    assert isinstance(match, Match | ColourMatch) and match.deals and match.deals[0].is_over


def test_a_game_cut_by_a_closed_pipe_in_its_header_is_saved_too(tmp_path: Path) -> None:
    """`whist play | head -3`: the reader gone while the game's header was written, before the
    first deal; the game was not saved, though every other way out of it saves it. Saved, and
    said on stderr, in the game's language."""
    records = tmp_path / "records"
    proc = subprocess.Popen([sys.executable, "-m", "whist", "play", "--seed", "3", "--lang", "fr",
                             "--records", str(records)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    proc.stdin.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141, err
    saved = list(records.iterdir())
    assert len(saved) == 1 and err == f"Partie enregistrée : {saved[0]}\n", err
    assert record.load(saved[0])["players"]["S"] == "human"


FULL = Path("/dev/full")
"""A device every write to which fails as on a full disk (Linux)."""


def whist_entry(args: list[str], *, stdout: Any = subprocess.PIPE, closed: int | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``whist ARGS`` through its real entry point (``python -m whist``), with ``stdout`` as its
    standard output, or with the file ``closed`` (0 or 1) closed before it starts (``<&-``,
    ``>&-``)."""
    import os

    def close() -> None:
        if closed is not None:
            os.close(closed)

    return subprocess.run([sys.executable, "-m", "whist", *args], stdout=stdout, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL if closed != 0 else None, text=True, cwd=cwd,
                          preexec_fn=close, timeout=120)


@pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize(("args", "lang"), [
    (["--version"], "en"), (["rules"], "en"), (["rules", "--lang", "fr"], "fr"),
    (["solve", "N:K.Q.. QJ.K.. T9.A.. 87.J..", "-t", "H", "-l", "N", "--played", "AS"], "en"),
    (["sheet", "add", "solo", "7", "--declarers", "N", "--tricks", "8"], "en"),
])
def test_an_output_that_cannot_be_written_is_one_line_not_a_traceback(
        tmp_path: Path, args: list[str], lang: str) -> None:
    """`whist … > /dev/full` (a full disk): every command ended in a traceback through the
    terminal library. Now one line on stderr, in the command's language, exit 1; a sheet's entry,
    saved before its totals are printed, stays saved (the line says the output failed, not the
    entry)."""
    if args[0] == "sheet":
        args = [*args, "--file", str(tmp_path / "s.json")]
        assert run("sheet", "new", "--file", str(tmp_path / "s.json")).exit_code == 0
    with FULL.open("w") as full:
        done = whist_entry(args, stdout=full)
    said = ("Erreur : impossible d'écrire la sortie : plus de place sur le disque\n" if lang == "fr"
            else "Error: cannot write the output: No space left on device\n")
    assert done.returncode == 1 and done.stderr == said, done.stderr
    if args[0] == "sheet":
        assert len(json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["entries"]) == 1


def test_a_closed_standard_output_is_refused_before_the_command_runs(tmp_path: Path) -> None:
    """`whist … >&-`: the commands printed into nothing and exited 0, as if all had been shown.
    Now refused before anything is done (the sheet is unchanged), exit 1, in the command's
    language."""
    sheet = tmp_path / "s.json"
    assert run("sheet", "new", "--file", str(sheet), "--lang", "fr").exit_code == 0
    before = sheet.read_bytes()
    done = whist_entry(["sheet", "add", "solo", "7", "-d", "N", "-t", "8", "--file", str(sheet)], closed=1)
    assert done.returncode == 1, done.stderr
    assert done.stderr == ("Erreur : la sortie standard est fermée : rien de ce qu'écrit la commande ne"
                           " serait vu\n")
    assert sheet.read_bytes() == before
    done = whist_entry(["rules"], closed=1)
    assert done.returncode == 1
    assert done.stderr == "Error: the standard output is closed: nothing the command prints could be seen\n"


def test_a_standard_input_opened_for_writing_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    """`whist play 0>file`: the first read of the input failed (Bad file descriptor) in a
    traceback; it is said in one line, exit 1, and not as a failure of the output."""
    with (tmp_path / "x").open("w") as written:
        done = subprocess.run([sys.executable, "-m", "whist", "play", "--seed", "1", "--records",
                               str(tmp_path / "r")], stdin=written, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1 and done.stderr == "Error: cannot read the input: Bad file descriptor\n"


def test_a_closed_standard_input_reads_as_an_empty_one(tmp_path: Path) -> None:
    """`whist play <&-` and `whist sheet import - <&-` ended in a traceback (the standard input is
    None in Python then); they now say what they say of an empty input (`</dev/null`)."""
    records = tmp_path / "records"
    for stdin in ("closed", "empty"):
        done = whist_entry(["play", "--seed", "1", "--records", str(records)],
                           closed=0 if stdin == "closed" else None)
        assert done.returncode == 1, (stdin, done.stderr)
        assert "the input ended before the game did" in done.stderr and "Traceback" not in done.stderr
    sheet = tmp_path / "s.json"
    assert run("sheet", "new", "--file", str(sheet)).exit_code == 0
    done = whist_entry(["sheet", "import", "-", "--file", str(sheet)], closed=0)
    assert done.returncode == 2 and "needs a header" in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["sheet show", "sheet import", "replay", "rules"])
def test_a_file_the_system_will_not_let_be_read_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    """A file without the right to read it (chmod 000, for a user other than root) was refused
    as bad usage, exit 2 ("file 'x' is not readable", the command line's own check); as the README
    says, a file the system cannot read is exit 1 (a rules file: 2, as any fault of the rules),
    the command saying why, in its own words. Here
    the system's refusal is made for the file, as a user who is not root meets it (the tests may
    run as root, whom chmod 000 does not stop)."""
    import builtins
    import os

    from whist import cards

    locked = tmp_path / "locked"
    sheet = tmp_path / "s.json"
    assert run("sheet", "new", "--file", str(sheet)).exit_code == 0
    real_access, real_open = os.access, builtins.open
    if command == "sheet show":
        sheet.rename(locked)
    else:
        locked.write_text("contract\n" if command == "sheet import" else "{}\n", encoding="utf-8")

    def access(path: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        return False if Path(path) == locked else real_access(path, mode, *args, **kwargs)

    def refused_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(cards, "open", refused_open, raising=False)
    args = {"sheet show": ["sheet", "show", "--file", str(locked)],
            "sheet import": ["sheet", "import", str(locked), "--file", str(sheet)],
            "replay": ["replay", str(locked)], "rules": ["rules", "--rules", str(locked)]}[command]
    r = run(*args)
    # (a rules file is refused as every fault of the rules is, exit 2, but in its own words)
    assert r.exit_code == (2 if command == "rules" else 1), (r.exit_code, r.output)
    said = "cannot read rules file" if command == "rules" else "cannot read"
    assert said in r.stderr and "Permission denied" in r.stderr and "not readable" not in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["sheet", "show", "--file", ""], ["rules", "--rules", ""],
                                  ["sheet", "import", "", "--file", "s.json"],
                                  ["sheet", "export", "", "--file", "s.json"]])
def test_an_empty_file_name_is_said_to_be_empty(args: list[str]) -> None:
    """`--file ""` was refused as "file '' is a directory" (an empty path is read as the current
    folder); now as an empty name, in French too."""
    r = run(*args)
    assert r.exit_code == 2 and "an empty name is no file's name." in r.stderr, r.output
    r = run(*args, "--lang", "fr")
    assert "un nom vide n'est le nom d'aucun fichier." in r.stderr, r.output
