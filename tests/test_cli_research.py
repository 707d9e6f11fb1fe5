"""`whist simulate` and `whist replay`: bots playing rubbers and sessions of colour whist, their
summaries, records and errors; a record replayed, and every way a record can be refused. The
terminal game, options, rules files and `whist bench`: test_cli.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_cli import run, saved_path

from whist import record
from whist.bots import get_bot
from whist.cards import cards_of, parse_card
from whist.session import TableSession

# ----- whist simulate ------------------------------------------------------------------------


@pytest.mark.parametrize("preset_name", ["classic", "couleur"])
def test_ctrl_c_stops_saves_and_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          preset_name: str) -> None:
    """Ctrl-C at the prompt stops the game like q, the record is saved, but the exit status is
    130 (interrupted), not 0 as for a finished game."""
    def interrupted(console: object) -> Callable[[object], str]:
        def read(prompt: object) -> str:
            raise KeyboardInterrupt
        return read

    monkeypatch.setattr("whist.cli.line_reader", interrupted)
    monkeypatch.setattr("whist.cli_colour.line_reader", interrupted)
    r = run("play", "--preset", preset_name, "--seed", "3", "--records", str(tmp_path))
    assert r.exit_code == 130, r.output
    assert "Game stopped." in r.stdout
    assert record.load(saved_path(r.stdout))["result"]["finished"] is False


@pytest.mark.parametrize("command", [("play", "--preset", "classic"), ("play", "--preset", "couleur"),
                                     ("simulate", "--preset", "classic", "--rubbers", "1"),
                                     ("simulate", "--preset", "couleur", "--deals", "1")])
def test_an_unusable_records_directory_is_refused_before_the_game(tmp_path: Path,
                                                                  command: tuple[str, ...]) -> None:
    """A records directory that cannot be made (under a regular file) stops the command at once,
    not after a whole match whose record would then be lost."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    r = run(*command, "--seed", "1", "--records", str(blocker / "records"), input="AS\n" * 40)
    assert r.exit_code == 2, r.output
    assert r.output.startswith(f"Error: --records {blocker / 'records'}: cannot create this directory")
    assert "Traceback" not in r.output and "seed" not in r.output


@pytest.mark.parametrize("preset_name", ["classic", "couleur"])
def test_with_lang_fr_bad_bots_and_an_unusable_records_directory_are_said_in_french(
        tmp_path: Path, preset_name: str) -> None:
    """``whist play --lang fr`` says in French why it refuses an unknown bot, a wrong number of
    bots or a records directory it cannot make, with the same exit status as in English."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    for args, words in [
        (["--bots", "genius", "--records", str(tmp_path)],
         "Erreur : --bots : robot « genius » inconnu (connus : random, heuristic, pimc)"),
        (["--bots", "random,random", "--records", str(tmp_path)],
         "Erreur : --bots prend un nom de robot ou 3 noms séparés par des virgules, pas « random,random »"),
        (["--records", str(blocker / "records")],
         f"Erreur : --records {blocker / 'records'} : impossible de créer ce dossier : un élément du"
         " chemin n'est pas un dossier"),
    ]:
        r = run("play", "--lang", "fr", "--preset", preset_name, "--seed", "1", *args, input="q\n")
        assert r.exit_code == 2, (args, r.output)
        assert words in " ".join(r.stderr.split()), (args, r.stderr)
        assert "Error" not in r.stderr and "unknown" not in r.stderr and "cannot" not in r.stderr
        assert "Traceback" not in r.output and "seed" not in r.output
        english = run("play", "--lang", "en", "--preset", preset_name, "--seed", "1", *args, input="q\n")
        assert english.exit_code == 2 and english.stderr.startswith("Error: "), english.output

class TestSimulate:
    ARGS = ("simulate", "--preset", "classic", "--rubbers", "3", "--seed", "42",
            "--bots", "random,heuristic,random,heuristic")

    def test_same_seed_same_output(self) -> None:
        a = run(*self.ARGS)
        b = run(*self.ARGS)
        assert a.exit_code == 0, a.output
        assert a.stdout_bytes == b.stdout_bytes
        assert a.stderr == ""  # no progress bar, not even a blank line, where stderr is no terminal
        assert "Simulation summary" in a.stdout
        assert "rubbers won" in a.stdout and " / " not in a.stdout  # English only by default
        assert "Bots: N random, E heuristic (medium), S random, W heuristic (medium)" in a.stdout
        c = run(*self.ARGS[:-4], "--seed", "43", *self.ARGS[-2:])
        assert c.stdout != a.stdout

    def test_in_french_the_summary_and_the_errors(self) -> None:
        """``--lang fr``: the summary in French only, the same JSON as in English; an option of
        the other game is refused in French."""
        r = run(*self.ARGS, "--lang", "fr")
        assert r.exit_code == 0, r.output
        out = r.stdout
        for words in ("Règles : whist classique   graine : 42", "Robres : 3",
                      "Robots : N random (au hasard), E heuristic (moyen), S random (au hasard), O heuristic"
                      " (moyen)",
                      "Résumé de la simulation", "manches gagnées", "robres gagnés", "EO (Est–Ouest)"):
            assert words in out, words
        assert " / " not in out and "Settlement" not in out and "Règlement" not in out  # stake 0
        assert re.search(r"(NS|EO) gagnent de \d+ points?|Égalité", out), out
        assert not re.search(r"\b(Rules|seed|games|won|win|Drawn)\b", out), out
        assert run(*self.ARGS, "--lang", "fr", "--json").stdout == run(*self.ARGS, "--json").stdout
        bad = run("simulate", "--deals", "2", "--lang", "fr")
        assert bad.exit_code == 2
        assert bad.stderr.startswith("Erreur : --deals est pour le whist à la couleur"), bad.stderr
        bots = run("simulate", "--bots", "genius", "--lang", "fr")
        assert bots.exit_code == 2 and bots.stderr.startswith("Erreur : --bots : robot « genius » inconnu")

    def test_a_stake_is_settled_in_the_language_asked(self, tmp_path: Path) -> None:
        """With a stake the settlement is printed, seats and words in the language of --lang, and
        its amounts as the language writes them (French: a decimal comma, 0,33 and -6,6); so does
        the replay of a record, and the rules line (stake=0,33, as --option takes it there). The
        JSON keeps its numbers, and the rules their English --option form."""
        args = (*self.ARGS, "--option", "stake=0.33", "--records", str(tmp_path))
        en, fr = run(*args).stdout, run(*args, "--lang", "fr").stdout
        amounts = r"([+-]\d+[.,]\d+)(?:  [ESWO] [+-]\d+[.,]\d+){3}$"
        settled = re.search(rf"Settlement \(stake 0\.33 per point\): N {amounts}", en, flags=re.M)
        assert settled and "," not in settled[0], en
        settled = re.search(rf"Règlement \(enjeu 0,33 par point\) : N {amounts}", fr, flags=re.M)
        assert settled and "." not in settled[0], fr
        assert "stake=0,33" in fr and "stake=0.33" in en  # as --option takes it in each language
        as_json = json.loads(run(*args, "--json", "--lang", "fr").stdout)
        assert (as_json["stake"], as_json["rules"]) == (0.33, "classic, stake=0.33")
        replayed = run("replay", str(sorted(tmp_path.iterdir())[0]), "--lang", "fr").stdout
        assert re.search(r"Règlement \(enjeu 0,33 par point\) : N [+-]\d+,\d+  E", replayed), replayed

    @pytest.mark.parametrize(("stake", "lang"), [("1000000", "fr"), ("12345.67", "en"), ("12345,67", "fr")])
    def test_a_settlement_is_written_in_full(self, stake: str, lang: str) -> None:
        """The stake and what each seat wins or pays are written with all their digits, as the JSON
        has them (French with a decimal comma): not 1e+06 for the largest stake, nor 12345.7 for
        12345.67."""
        args = (*self.ARGS, "--option", f"stake={stake}", "--lang", lang)
        out, data = run(*args).stdout, json.loads(run(*args, "--json").stdout)
        said = re.search(r"^(?:Settlement \(stake|Règlement \(enjeu) (\S+)\D+"
                         r" N (\S+)  E (\S+)  S (\S+)  [WO] (\S+)$", out, flags=re.M)
        assert said, out
        amounts = [float(n.replace(",", ".")) for n in said.groups()]
        assert amounts == [data["stake"], *data["settlement"].values()], out
        assert ("." in said[0]) == (lang == "en" and "." in stake) and "e+" not in said[0], said[0]
        assert all(abs(a) >= 1_000_000 or round(a) != a for a in amounts[1:]), amounts  # where g fell short

    def test_json_summary(self) -> None:
        a = run(*self.ARGS, "--json")
        b = run(*self.ARGS, "--json")
        assert a.exit_code == 0, a.output
        assert a.stdout_bytes == b.stdout_bytes
        s = json.loads(a.stdout)  # JSON only on stdout: no progress bar, no table
        assert s["rubbers"] == 3
        assert s["rubbers_won"]["NS"] + s["rubbers_won"]["EW"] == 3
        assert s["games"]["NS"] + s["games"]["EW"] >= 6
        assert s["deals"] >= s["games"]["NS"] + s["games"]["EW"]
        assert s["bots"] == {"N": "random", "E": "heuristic", "S": "random", "W": "heuristic"}
        assert set(s["settlement"]) == {"N", "E", "S", "W"}
        diff = abs(s["points"]["NS"] - s["points"]["EW"])
        assert s["result"] == (f"{s['winner']} win by {diff} point{'s' if diff != 1 else ''}"
                               f" / gagnent de {diff}" if s["winner"] else "Drawn / égalité")

    def test_simple_whist_is_won_by_matches_not_points(self) -> None:
        """RULES.md §4: simple whist has no game or rubber points; the first side to win two games
        wins a match. The summary counts matches won and says who won how many; the JSON keeps
        its fields and adds the result."""
        args = ("simulate", "--preset", "simple", "--seed", "0", "--bots", "heuristic")
        r = run(*args, "--rubbers", "3")
        assert r.exit_code == 0, r.output
        s = json.loads(run(*args, "--rubbers", "3", "--json").stdout)
        won = s["rubbers_won"]
        assert s["points"] == won and sum(won.values()) == 3
        w, lo = max(won, key=won.__getitem__), min(won.values())
        result = f"{w} win {3 - lo} matches to {lo} / gagnent {3 - lo} parties à {lo}"
        assert s["result"] == result and s["winner"] == w
        flat = " ".join(r.stdout.split())
        assert f"matches won │ {won['NS']} │ {won['EW']}" in flat
        assert f"{w} win {3 - lo} matches to {lo}" in flat and "gagnent" not in flat
        assert "Matches: 3" in flat and "Settlement" not in flat  # stake 0: nobody pays
        staked = " ".join(run(*args, "--rubbers", "3", "--option", "stake=1").stdout.split())
        assert "Settlement (stake 1 per match won):" in staked
        assert not any(w in flat.lower() for w in ("rubber", "robre", "total points", "win by"))
        one = json.loads(run(*args, "--rubbers", "1", "--json").stdout)
        games = one["games"]
        w = one["winner"]
        assert one["result"] == (f"{w} win the match, 2 games to {games['NS'] + games['EW'] - 2}"
                                 f" / gagnent la partie, 2 manches à {games['NS'] + games['EW'] - 2}")

    def test_records_one_per_rubber_that_replay(self, tmp_path: Path) -> None:
        r = run("simulate", "--preset", "short", "--rubbers", "2", "--seed", "1", "--bots", "random",
                "--records", str(tmp_path), "--json")
        assert r.exit_code == 0, r.output
        files = sorted(tmp_path.glob("*.json"))
        assert len(files) == 2
        assert json.loads(r.stdout)["records"] == [str(f) for f in files]
        for f in files:
            data = record.load(f)
            assert len(data["result"]["rubbers"]) == 1
            rr = run("replay", str(f), "--json")
            assert rr.exit_code == 0, rr.output
            assert json.loads(rr.stdout)["result"] == data["result"]

    @pytest.mark.parametrize(("args", "lang", "line"), [
        (("--preset", "short", "--rubbers", "1"), "en",
         "Players: N random · E heuristic (medium) · S pimc (very strong) · W random"),
        (("--preset", "couleur", "--deals", "2"), "fr",
         "Joueurs : N random (au hasard) · E heuristic (moyen) · S pimc (très fort) · O random (au hasard)"),
    ])
    def test_a_record_says_which_bot_played_each_seat(self, tmp_path: Path, args: tuple[str, ...],
                                                      lang: str, line: str) -> None:
        """A researcher reading a record learns which bot sat where (``players``, as ``--bots``
        gave them at N, E, S, W), and so does its replay (it said nothing of them)."""
        r = run("simulate", *args, "--seed", "1", "--bots", "random,heuristic,pimc,random",
                "--budget", "0.01", "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        (path,) = tmp_path.glob("*.json")
        assert record.load(path)["players"] == {"N": "random", "E": "heuristic", "S": "pimc", "W": "random"}
        replayed = run("replay", str(path), "--lang", lang)
        assert replayed.exit_code == 0, replayed.output
        assert replayed.stdout.splitlines()[2] == line

    def test_a_deal_record_names_its_players_as_a_match_record_does(self, tmp_path: Path) -> None:
        """``players`` in a deal record (the arena's records have it) is shown by the replay as a
        match record's is; a malformed one is refused naming the field, exit 1, never a
        traceback (one gave a traceback when deal records had no such field)."""
        r = run("simulate", "--preset", "short", "--rubbers", "1", "--seed", "1", "--bots", "random",
                "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        (path,) = tmp_path.glob("*.json")
        deal = record.load(path)["deals"][0]
        one = tmp_path / "deal.json"
        one.write_text(json.dumps({**deal, "players": {"N": "random", "E": "pimc", "S": "human",
                                                       "W": "mybots:play"}}), encoding="utf-8")
        replayed = run("replay", str(one))
        assert replayed.exit_code == 0, replayed.output
        assert "Players: N random · E pimc (very strong) · S human · W mybots:play" in replayed.stdout
        for players in ("oops", {"N": "random"}):
            one.write_text(json.dumps({**deal, "players": players}), encoding="utf-8")
            for json_out in ([], ["--json"]):
                replayed = run("replay", str(one), *json_out)
                assert replayed.exit_code == 1, replayed.output
                assert "deal: bad field players" in replayed.output
                assert "Traceback" not in replayed.output

    @pytest.mark.parametrize(("args", "files"), [(("--preset", "short", "--rubbers", "1"), "1 file"),
                                                  (("--preset", "couleur", "--deals", "20"),
                                                   "2 files, the first")])
    def test_the_records_path_is_printed_on_one_line(self, tmp_path: Path, args: tuple[str, ...],
                                                     files: str) -> None:
        """The path of a record is there to be copied: never wrapped at the terminal's width."""
        d = tmp_path / ("a-long-directory-name-" * 4)
        r = run("simulate", *args, "--seed", "1", "--bots", "random", "--records", str(d))
        assert r.exit_code == 0, r.output
        first = sorted(d.glob("*.json"))[0]
        assert len(str(first)) > 80
        assert r.stdout.splitlines()[-1] == f"Records: {files}: {first}"

    def test_ctrl_c_says_how_far_it_went_and_what_was_saved(self, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
        """Ctrl-C in a long simulation: exit 130 with one line saying how many rubbers were
        played, how many deals in all (a rubber of bots that think takes minutes: the deals say
        how far it went within it), and how many records saved (those of the finished rubbers,
        which replay); the summary of those rubbers first, as a simulation of that many prints it
        (it printed nothing)."""
        real_step = TableSession.step
        steps = [0]

        def step(self: Any) -> Any:
            steps[0] += 1
            if steps[0] == 600:  # a few rubbers of random bots in
                raise KeyboardInterrupt
            return real_step(self)

        monkeypatch.setattr(TableSession, "step", step)
        r = run("simulate", "--preset", "short", "--rubbers", "50", "--seed", "1", "--bots", "random",
                "--records", str(tmp_path))
        assert r.exit_code == 130, r.output
        saved = sorted(tmp_path.glob("*.json"))
        assert 0 < len(saved) < 50
        records = "1 record" if len(saved) == 1 else f"{len(saved)} records"
        said = re.match(rf"Error: interrupted: {len(saved)} of 50 rubbers played, (\d+) deals;"
                        rf" {records} saved in {re.escape(str(tmp_path))}"
                        r"(?:; the summary: the (\d+) deals of the rubbers played out)?\n", r.stderr)
        assert said is not None, r.stderr
        in_records = sum(len(record.load(f)["deals"]) for f in saved)
        assert in_records < int(said[1]) < in_records + 20  # and those of the rubber stopped
        # the summary above counts the finished rubbers' deals only: the line says so
        assert said[2] is not None and int(said[2]) == in_records, r.stderr
        assert "Traceback" not in r.output
        assert run("replay", str(saved[-1])).exit_code == 0
        whole = run("simulate", "--preset", "short", "--rubbers", str(len(saved)), "--seed", "1", "--bots",
                    "random")
        assert whole.exit_code == 0, whole.output
        assert r.stdout.startswith(whole.stdout) and "Simulation summary" in whole.stdout
        assert r.stdout.splitlines()[-1].startswith("Records:")  # and the records saved, to replay

    def test_records_already_saved_are_never_overwritten(self, tmp_path: Path) -> None:
        """Two simulations with the same seed into one directory (another preset, or the same
        one again) keep every record: the name says the preset, and a name taken gets -2."""
        for preset_name in ("classic", "short", "short"):
            r = run("simulate", "--preset", preset_name, "--rubbers", "1", "--seed", "4", "--bots",
                    "random", "--records", str(tmp_path))
            assert r.exit_code == 0, r.output
        names = sorted(p.name for p in tmp_path.glob("*.json"))
        assert names == ["simulate-classic-seed4-rubber0001.json", "simulate-short-seed4-rubber0001-2.json",
                         "simulate-short-seed4-rubber0001.json"]
        assert r.stdout.splitlines()[-1].endswith("simulate-short-seed4-rubber0001-2.json")
        assert record.load(tmp_path / names[0])["rules"]["preset"] == "classic"

    def test_bad_bots_exit_2(self) -> None:
        r = run("simulate", "--bots", "random,random,random")
        assert r.exit_code == 2
        assert "4 names" in r.stderr

    @pytest.mark.parametrize("args", [("--preset", "classic", "--rubbers", "1"),
                                      ("--preset", "couleur", "--deals", "2")])
    def test_budget_reaches_every_bot(self, monkeypatch: pytest.MonkeyPatch,
                                      args: tuple[str, ...]) -> None:
        """--budget is pimc's thinking time in both games (without it a simulation with pimc
        takes a second a card); every seat's bot is made with it."""
        asked: list[tuple[str, float | None]] = []

        def recording(name: str, budget: float | None = None) -> Any:
            asked.append((name, budget))
            return get_bot(name, budget)

        monkeypatch.setattr("whist.arena_boards.get_bot", recording)
        r = run("simulate", *args, "--seed", "1", "--bots", "random", "--budget", "0.05", "--json")
        assert r.exit_code == 0, r.output
        assert ("random", 0.05) in asked and all(b == 0.05 for n, b in asked if b is not None)
        assert sum(1 for _, b in asked if b == 0.05) == 4
        asked.clear()  # a bot of your own is imported, not made with the budget
        r = run("simulate", *args, "--seed", "1", "--bots", "random,whist.bots:random_bot,random,random",
                "--budget", "0.05", "--json")
        assert r.exit_code == 0, r.output
        assert sum(1 for _, b in asked if b == 0.05) == 3 and all(n == "random" for n, _ in asked)

    @pytest.mark.parametrize("args", [("--preset", "short", "--rubbers", "1"),
                                      ("--preset", "couleur", "--deals", "2")])
    def test_a_bot_of_your_own_plays_as_the_bot_it_is(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      args: tuple[str, ...]) -> None:
        """``--bots module:function`` (docs/arena.md): the built-in random bot imported so plays
        the games of ``random``; a module's name keeps its case, a built-in name is read in any."""
        (tmp_path / "MySimBots.py").write_text(
            "from whist.bots import random_bot\n\n\ndef Chance(view, rng):\n"
            "    return random_bot(view, rng)\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        by_name = run("simulate", *args, "--seed", "5", "--bots", "random", "--json")
        assert by_name.exit_code == 0, by_name.output
        mixed = "RANDOM,whist.bots:random_bot,MySimBots:Chance,Random"
        by_path = run("simulate", *args, "--seed", "5", "--bots", mixed, "--json")
        assert by_path.exit_code == 0, by_path.output
        named, imported = json.loads(by_name.stdout), json.loads(by_path.stdout)
        assert imported.pop("bots") == {"N": "random", "E": "whist.bots:random_bot",
                                        "S": "MySimBots:Chance", "W": "random"}
        named.pop("bots")
        assert imported == named
        text = " ".join(run("simulate", *args, "--seed", "5", "--bots", mixed).stdout.split())
        assert "E whist.bots:random_bot, S MySimBots:Chance, W random (a bot of your own: --budget is not" \
               " passed to it)" in text, text  # random says what it is in English
        fr = " ".join(run("simulate", *args, "--seed", "5", "--bots", mixed, "--lang", "fr").stdout.split())
        assert "O random (au hasard) (un robot à vous : --budget ne lui est pas transmis)" in fr, fr
        assert "--budget" not in run("simulate", *args, "--seed", "5", "--bots", "random").stdout

    @pytest.mark.parametrize("args", [("--preset", "short", "--rubbers", "1"),
                                      ("--preset", "couleur", "--deals", "1")])
    def test_a_bot_of_your_own_may_answer_in_text(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  args: tuple[str, ...]) -> None:
        """As in the arena, a bot may answer with an action's text (``AS``, ``pass``): the games
        are those of the same choices given as actions."""
        (tmp_path / "my_sim_text_bot.py").write_text(
            "def as_text(view, rng):\n    return view.legal[-1].text\n\n\n"
            "def as_action(view, rng):\n    return view.legal[-1]\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        said, given = (run("simulate", *args, "--seed", "3", "--bots",
                           f"my_sim_text_bot:{f},random,random,random", "--json")
                       for f in ("as_text", "as_action"))
        assert said.exit_code == 0 and given.exit_code == 0, (said.output, given.output)
        s, g = json.loads(said.stdout), json.loads(given.stdout)
        assert s.pop("bots") != g.pop("bots") and s == g

    @pytest.mark.parametrize(("case", "preset_name", "body", "what"), [
        (1, "classic", "return 'hello'", "chose 'hello', which the game refuses: "),
        (2, "couleur", "return 'hello'", "chose 'hello', which the game refuses: "),
        (3, "classic", "return None",
         "chose None, which the game refuses: None is not an action (a card or a call)"),
        (4, "couleur", "return 5", "chose 5, which the game refuses: 5 is not an action (a card or a call)"),
        (5, "couleur", "return view.legal[0] if view.phase == 'auction' else 'propose H'",
         "chose 'propose H', which the game refuses: "),
        # an object of its own that cannot be shown nor compared: the refusal's own message failed
        (6, "classic", "class W:\n        def __repr__(self): raise RuntimeError('no')\n"
                       "        def __eq__(self, o): raise RuntimeError('no')\n    return W()",
         "chose a W that cannot be shown, which the game refuses: "),
    ])
    def test_a_bot_of_your_own_that_chooses_what_the_game_refuses(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: int, preset_name: str, body: str,
            what: str) -> None:
        """A bot that answers no action or an illegal one stops the simulation with exit 1 and
        one line naming the option, the bot, its seat, what it chose and the game's reason: not
        a traceback from the engine."""
        module = f"my_sim_bad_bot_{case}"  # one a case: a module is imported once
        (tmp_path / f"{module}.py").write_text(f"def bad(view, rng):\n    {body}\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        count = ("--rubbers", "1") if preset_name == "classic" else ("--deals", "1")
        r = run("simulate", "--preset", preset_name, *count, "--seed", "1", "--bots",
                f"random,{module}:bad,random,random")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        line = " ".join(r.stderr.split())
        assert line.startswith(f"Error: --bots {module}:bad: the bot at East {what}"), line
        assert "Traceback" not in r.output and r.stdout == ""

    def test_a_bot_of_your_own_that_raises(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A bot whose own code raises: the traceback of its own code only (not the simulation's
        frames), then the line naming the bot, its seat and the exception, exit 1."""
        (tmp_path / "my_sim_crashing_bot.py").write_text(
            "def crash(view, rng):\n    return helper()\n\n\ndef helper():\n"
            "    raise RuntimeError('my bug')\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("simulate", "--preset", "couleur", "--deals", "1", "--seed", "1", "--bots",
                "heuristic,heuristic,my_sim_crashing_bot:crash,heuristic", "--json")
        assert r.exit_code == 1, r.output
        assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
        lines = r.stderr.splitlines()
        assert lines[0] == "Traceback (most recent call last):" and "in helper" in r.stderr
        assert "whist" not in "".join(lines[1:-2]).replace("my_sim_crashing_bot", ""), r.stderr
        said = ("--bots my_sim_crashing_bot:crash: the bot at South raised RuntimeError: my bug (stopped:"
                " 0 of 1 deals played)")
        assert lines[-1] == f"Error: {said}", r.stderr
        # with --json, the error object on stdout too, as replay and solve print theirs (it printed nothing)
        assert json.loads(r.stdout) == {"error": said}, r.stdout

    def test_a_bot_of_your_own_that_fails_in_classic_whist_with_json(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Classic whist too: ``--json`` prints ``{"error": …}`` on stdout, in English with
        ``--lang fr``, the French line on stderr."""
        (tmp_path / "my_sim_json_bad_bot.py").write_text("def bad(view, rng):\n    return 'hello'\n",
                                                         encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("simulate", "--preset", "classic", "--rubbers", "1", "--seed", "1", "--bots",
                "random,my_sim_json_bad_bot:bad,random,random", "--json", "--lang", "fr")
        assert r.exit_code == 1, r.output
        error = json.loads(r.stdout)["error"]
        assert list(json.loads(r.stdout)) == ["error"]
        assert error.startswith("--bots my_sim_json_bad_bot:bad: the bot at East chose 'hello'"), error
        assert r.stderr.startswith("Erreur : --bots my_sim_json_bad_bot:bad : "), r.stderr

    @pytest.mark.parametrize(("case", "body", "error"), [
        # sys.exit in a bot ended the command with the bot's status (0: as if all went well), no word
        (1, "import sys\n    sys.exit(0)", "raised SystemExit: 0"),
        (2, "import sys\n    sys.exit(3)", "raised SystemExit: 3"),
        # a card changed by a bot (the cards are shared): the record written no longer replayed
        (3, "view.hand[0].rank = 14", "raised AttributeError: a card cannot be changed"),
    ])
    def test_a_bot_of_your_own_that_exits_or_changes_a_card_is_stopped(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: int, body: str,
            error: str) -> None:
        """What a bot does to the command itself (sys.exit) or to the game's cards is the bot's
        error: exit 1, naming the bot, its seat and what it did."""
        module = f"my_sim_rogue_bot_{case}"
        (tmp_path / f"{module}.py").write_text(
            f"def rogue(view, rng):\n    {body}\n    return view.legal[0]\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("simulate", "--preset", "classic", "--rubbers", "1", "--seed", "1", "--bots",
                f"random,random,{module}:rogue,random", "--records", str(tmp_path / "records"))
        assert r.exit_code == 1, r.output
        said = " ".join(r.stderr.split())
        assert f"Error: --bots {module}:rogue: the bot at South {error}" in said, r.stderr

    def test_what_a_bot_of_your_own_prints_goes_to_stderr(self, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
        """A bot's print() went into the command's standard output, which --json then spoiled."""
        (tmp_path / "my_sim_chatty_bot.py").write_text(
            "def chatty(view, rng):\n    print('thinking...')\n    return view.legal[0]\n", encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        r = run("simulate", "--preset", "couleur", "--deals", "1", "--seed", "1", "--bots",
                "my_sim_chatty_bot:chatty,random,random,random", "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["deals"] == 1 and "thinking..." in r.stderr

    def test_the_records_of_a_simulation_a_bot_stopped_replay(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A bot of your own that goes wrong at its 41st decision, in a later session than the first:
        the records of the sessions played out are kept and replay; the one stopped is not
        written; the error says how many."""
        (tmp_path / "my_sim_late_bot.py").write_text(
            "import itertools\n\nCALLS = itertools.count()\n\n\n"
            "def late(view, rng):\n"
            "    return 'hello' if next(CALLS) == 40 else view.legal[rng.randrange(len(view.legal))]\n",
            encoding="utf-8")
        monkeypatch.syspath_prepend(str(tmp_path))
        records = tmp_path / "records"
        r = run("simulate", "--preset", "couleur", "--option", "deals=1", "--deals", "8", "--seed", "2",
                "--bots", "my_sim_late_bot:late,random,random,random", "--records", str(records),
                "--lang", "fr")
        assert r.exit_code == 1, r.output
        saved = sorted(records.glob("*.json"))
        assert 0 < len(saved) < 8
        line = " ".join(r.stderr.split())
        assert line.startswith("Erreur : --bots my_sim_late_bot:late : le robot en Nord a choisi « hello »,"
                               " que le jeu refuse : "), line
        n = len(saved)
        s = "s" if n >= 2 else ""
        assert line.endswith(f"(arrêté : {n} donne{s} sur 8 ; {n} enregistrement{s} dans {records})"), line
        for path in saved:
            assert run("replay", str(path)).exit_code == 0, path

    # the option named first, as the arena names --candidate (it said "Error: cannot import bot …")
    @pytest.mark.parametrize(("bots", "en", "fr"), [
        ("genius", "--bots: unknown bot 'genius' (known: random, heuristic, pimc), or module:function for"
         " a bot of your own", "--bots : robot « genius » inconnu (connus : random, heuristic, pimc), ou"
         " module:fonction pour un robot à vous"),
        ("random,no_such_sim_module:bot,random,random", "--bots: cannot import bot 'no_such_sim_module:bot'",
         "--bots : impossible d'importer le robot « no_such_sim_module:bot »"),
        ("whist.bots:BOT_NAMES", "--bots: 'whist.bots:BOT_NAMES' is not a bot",
         "--bots : « whist.bots:BOT_NAMES » n'est pas un robot"),
        ("random,random", "--bots takes one bot name or 4 names separated by commas, not 'random,random'"
         " (bots: random, heuristic, pimc, or module:function for your own)",
         "--bots prend un nom de robot ou 4 noms séparés par des virgules, pas « random,random » (robots :"
         " random, heuristic, pimc, ou module:fonction pour un robot à vous)"),
        # a name left out: it was an unknown bot « », said to be "a module here" (the current folder)
        ("random,,random,random", "--bots 'random,,random,random': a bot's name is missing (bots: random,"
         " heuristic, pimc, or module:function for your own)", "--bots « random,,random,random » : il manque"
         " le nom d'un robot (robots : random, heuristic, pimc, ou module:fonction pour un robot à vous)"),
        ("", "--bots '': a bot's name is missing", "--bots « » : il manque le nom d'un robot"),
    ])
    def test_bots_that_cannot_play_are_refused_in_both_languages(self, bots: str, en: str, fr: str) -> None:
        for lang, words in (("en", f"Error: {en}"), ("fr", f"Erreur : {fr}")):
            r = run("simulate", "--bots", bots, "--lang", lang)
            assert r.exit_code == 2, (lang, r.output)
            assert words in " ".join(r.stderr.split()), (lang, r.stderr)
            assert "Traceback" not in r.output and r.stdout == ""

    def test_a_bot_file_of_the_current_folder_not_on_the_path_is_named(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """As in the arena: a bot's module in the current folder, without ``PYTHONPATH=.``, or named
        without its function: the error says what to do."""
        (tmp_path / "my_sim_not_on_path.py").write_text("def play(view, rng):\n    return view.legal[0]\n")
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(tmp_path))])
        r = run("simulate", "--bots", "my_sim_not_on_path:play", "--lang", "fr")
        assert r.exit_code == 2, r.output
        assert "lancez avec PYTHONPATH=." in r.stderr, r.stderr
        r = run("simulate", "--bots", "my_sim_not_on_path")
        assert r.exit_code == 2, r.output
        assert "name its function, my_sim_not_on_path:FUNCTION" in r.stderr, r.stderr

    def test_pimc_with_a_small_budget(self) -> None:
        r = run("simulate", "--preset", "pagat", "--deals", "1", "--seed", "3", "--bots",
                "pimc,heuristic,random,heuristic", "--budget", "0.01", "--json")
        assert r.exit_code == 0, r.output
        s = json.loads(r.stdout)
        assert s["deals"] == 1 and sum(s["points"].values()) == 0
        assert run("simulate", "--budget", "0").exit_code == 2


# ----- whist replay ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("records")
    r = run("simulate", "--rubbers", "1", "--seed", "9", "--bots", "random", "--records", str(d))
    assert r.exit_code == 0, r.output
    return next(d.glob("*.json"))


class TestReplay:
    def test_match_trick_by_trick(self, match_file: Path) -> None:
        r = run("replay", str(match_file))
        assert r.exit_code == 0, r.output
        out = r.stdout
        assert "Deal 1 · score before NS 0 · EW 0" in out
        assert "Dealer " in out and "trump " in out
        assert "Trick  1:" in out and "Trick 13:" in out
        assert "leads" in out and "→" in out
        assert "Rubber 1 won by" in out
        # each game, numbered in its rubber (it said "Rubber 1: Game won by", two games alike the same)
        games = re.findall(r"^Game (\d) of rubber 1 won by ", out, re.M)
        assert games == [str(n) for n in range(1, len(games) + 1)] and len(games) >= 2, out
        assert " / " not in out and "Settlement" not in out  # English only; nobody pays at stake 0

    def test_deal_record(self, match_file: Path, tmp_path: Path) -> None:
        data = record.load(match_file)
        deal = dict(data["deals"][0])
        f = tmp_path / "deal.json"
        record.save(deal, f)
        r = run("replay", str(f), "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout) == {"format": record.DEAL_FORMAT, "result": deal["result"]}
        text = run("replay", str(f))
        assert text.exit_code == 0 and "Result" in text.stdout and "résultat" not in text.stdout
        assert text.stdout.startswith(f"Deal record: {f}\nRules: classic\nDeal · score before NS 0 · EW 0")
        fr = run("replay", str(f), "--lang", "fr")
        assert fr.exit_code == 0 and "Result" not in fr.stdout and "Résultat" in fr.stdout
        assert fr.stdout.startswith(f"Enregistrement de la donne : {f}\nRègles : whist classique\n"
                                    "Donne · marque avant NS 0 · EO 0")

    def test_a_start_score_that_is_not_a_number_is_named_in_the_language_asked(
            self, match_file: Path, tmp_path: Path) -> None:
        """A deal record whose start_score is no number: exit 1 with what is wrong in the record's
        terms, in the language of --lang (not Python's words for int()); with --json in English."""
        deal = dict(record.load(match_file)["deals"][0])
        deal["start_score"] = {"NS": "seven", "EW": 0}
        f = tmp_path / "bad-score.json"
        record.save(deal, f)
        fr = run("replay", str(f), "--lang", "fr")
        assert fr.exit_code == 1 and fr.stdout == "", fr.output
        assert fr.stderr == ('Erreur : donne : champ start_score.NS incorrect : il faut un nombre entier,'
                             ' pas "seven"\n'), fr.stderr
        en = run("replay", str(f), "--json")
        assert en.exit_code == 1 and "int()" not in en.output and "Traceback" not in en.output
        assert json.loads(en.stdout) == {"error": 'deal: bad field start_score.NS: a whole number is'
                                                  ' expected, not "seven"', "file": str(f)}

    def test_changed_action_exits_1_naming_it(self, match_file: Path, tmp_path: Path) -> None:
        data = record.load(match_file)
        actions = data["deals"][1]["actions"]
        i = next(i for i, (_, a) in enumerate(actions) if i > 4 and len(a) == 2)
        seat, _ = actions[i]
        hands = data["deals"][1]["hands"]
        other = next(s for s in "NESW" if s != seat)
        stolen = next(c for c in _cards(hands[other]))  # a card the player never held
        actions[i] = [seat, stolen]
        f = tmp_path / "bad-action.json"
        record.save(data, f)
        r = run("replay", str(f))
        assert r.exit_code == 1
        assert "Traceback" not in r.output
        assert f"deal 2, action {i + 1}" in r.stderr
        assert f"you do not hold {parse_card(stolen).in_lang('en')}" in r.stderr

    def test_an_action_that_is_not_a_pair_exits_1_naming_it(self, match_file: Path,
                                                             tmp_path: Path) -> None:
        data = record.load(match_file)
        data["deals"][0]["actions"][2] = " ".join(data["deals"][0]["actions"][2])
        f = tmp_path / "flat-action.json"
        record.save(data, f)
        r = run("replay", str(f))
        assert r.exit_code == 1 and "Traceback" not in r.output
        assert r.stderr.startswith(f'Error: deal 1, action 3 ("{data["deals"][0]["actions"][2]}"):'
                                   ' an action is a pair [seat, action], like ["S", "8S"]')
        assert "unpack" not in r.stderr

    def test_changed_result_field_exits_1_naming_it(self, match_file: Path, tmp_path: Path) -> None:
        data = record.load(match_file)
        data["deals"][0]["result"]["points"]["NS"] += 1
        f = tmp_path / "bad-result.json"
        record.save(data, f)
        r = run("replay", str(f), "--json")
        assert r.exit_code == 1
        assert "result.points.NS differs" in r.stderr
        error = json.loads(r.stdout)  # a JSON reader learns the failure on stdout too
        assert error == {"error": r.stderr.split("Error: ", 1)[1].strip(), "file": str(f)}
        assert "result.points.NS differs" in error["error"]
        data = record.load(match_file)
        data["result"]["totals"]["EW"] += 5
        record.save(data, f)
        r = run("replay", str(f))
        assert r.exit_code == 1
        assert "result.totals.EW differs" in r.stderr

    def test_changed_starting_score_of_a_deal_exits_1(self, match_file: Path, tmp_path: Path) -> None:
        data = record.load(match_file)
        data["deals"][1]["start_score"]["EW"] += 3
        f = tmp_path / "bad-start.json"
        record.save(data, f)
        r = run("replay", str(f))
        assert r.exit_code == 1
        assert "deal 2: stored start_score" in r.stderr

    def test_in_french_every_label_card_and_result(self, match_file: Path) -> None:
        """``--lang fr``: the whole replay in French (seats, labels, the cards with R D V, the
        games, rubber and result), no label in two languages; the JSON is the same as in
        English."""
        r = run("replay", str(match_file), "--lang", "fr")
        assert r.exit_code == 0, r.output
        out = r.stdout
        assert out.startswith(f"Enregistrement de la partie : {match_file}\nRègles : whist classique · ")
        for words in ("Donne 1 · marque avant NS 0 · EO 0", "Levée  1 : ", "Levée 13 : ", " entame — ",
                      "Résultat", "levées", "points de la donne", "Manche 1 du robre 1 gagnée par",
                      "Robre 1 gagné par", "Totaux : NS "):
            assert words in out, words
        assert " / " not in out and "Règlement" not in out  # stake 0: nobody pays
        assert not re.search(r"\b(Deal|Trick|leads|Rubber|Game|won|Result|tricks)\b", out)
        assert re.search(r"[RDV][♠♥♦♣]", out) and not re.search(r"[KQJ][♠♥♦♣]", out)
        english = run("replay", str(match_file), "--lang", "en").stdout
        assert english == run("replay", str(match_file)).stdout  # English by default
        assert "Deal 1 · score before NS 0 · EW 0" in english and " / " not in english
        assert run("replay", str(match_file), "--json", "--lang", "fr").stdout == \
            run("replay", str(match_file), "--json").stdout

    def test_errors_in_french(self, match_file: Path, tmp_path: Path) -> None:
        """With ``--lang fr`` the replay says in French which action is illegal, which stored
        field differs and that a file is missing, with the same exit status; the JSON error
        object stays in English, as the rest of the JSON is the same in both languages."""
        data = record.load(match_file)
        actions = data["deals"][1]["actions"]
        i = next(i for i, (_, a) in enumerate(actions) if i > 4 and len(a) == 2)
        seat, _ = actions[i]
        other = next(s for s in "NESW" if s != seat)
        stolen = _cards(data["deals"][1]["hands"][other])[0]
        actions[i] = [seat, stolen]
        f = tmp_path / "bad-action.json"
        record.save(data, f)
        r = run("replay", str(f), "--lang", "fr")
        assert r.exit_code == 1 and "Traceback" not in r.output
        assert r.stderr.startswith(f"Erreur : donne 2, action {i + 1} ("), r.stderr
        assert "Error" not in r.stderr and "do not hold" not in r.stderr
        data = record.load(match_file)
        data["deals"][0]["result"]["points"]["NS"] += 1
        record.save(data, f)
        r = run("replay", str(f), "--lang", "fr", "--json")
        assert r.exit_code == 1
        assert r.stderr.startswith("Erreur : donne 1 : le champ enregistré result.points.NS diffère"
                                   " de la donne rejouée"), r.stderr
        assert json.loads(r.stdout)["error"] == ("deal 1: stored result.points.NS differs from the"
                                                 " replayed deal")
        missing = tmp_path / "missing.json"
        r = run("replay", str(missing), "--lang", "fr")
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr == f"Erreur : impossible de lire {missing} : fichier ou dossier introuvable\n"

    def test_not_a_record_exits_1(self, tmp_path: Path) -> None:
        for name, text in [("junk.json", "{not json"), ("other.json", '{"format": "x"}'),
                           ("list.json", "[1, 2]"),
                           ("bad.json", '{"format": "whist-match/1", "rules": {}, "first_dealer": "N",'
                                        ' "deals": [{"dealer": "N", "hands": 3}]}')]:
            f = tmp_path / name
            f.write_text(text, encoding="utf-8")
            r = run("replay", str(f))
            assert r.exit_code == 1, (name, r.output)
            assert "Error:" in r.stderr and "Traceback" not in r.output


@pytest.mark.parametrize("args", [
    ["replay", "{missing}"], ["replay", "{missing}", "--json"],
    ["sheet", "show", "--file", "{missing}"], ["sheet", "undo", "--file", "{missing}"],
    ["sheet", "add", "solo 7", "-d", "N", "-t", "8", "--file", "{missing}"],
    ["sheet", "import", "{missing}", "--file", "{sheet}"], ["rules", "--rules", "{missing}"],
], ids=["replay", "replay-json", "sheet-show", "sheet-undo", "sheet-add", "sheet-import", "rules"])
def test_a_file_named_that_does_not_exist_exits_2_in_one_line(tmp_path: Path, args: list[str]) -> None:
    """A file named on the command line (the sheet's --file too) that does not exist is a
    usage error, as a missing ``--rules FILE`` is and as Typer's own are: exit 2, one line on
    stderr naming the file, nothing on stdout (not even replay --json's error object, which is
    for a record that does not replay), no traceback. A file that is there but is no record or
    no sheet still exits 1 (``test_not_a_record_exits_1``)."""
    sheet = tmp_path / "sheet.json"
    assert run("sheet", "new", "--file", str(sheet)).exit_code == 0
    missing = tmp_path / "missing.json"
    r = run(*(a.format(missing=missing, sheet=sheet) for a in args))
    assert r.exit_code == 2, r.output
    assert r.stdout == "" and r.stderr.startswith("Error: ") and r.stderr.count("\n") == 1, r.output
    assert str(missing) in r.stderr and "Traceback" not in r.output


def _cards(pbn_hand: str) -> list[str]:
    from whist.cards import parse_hand

    return [c.text for c in cards_of(parse_hand(pbn_hand))]


@pytest.mark.parametrize("args", [
    ["rules"], ["rules", "--json"], ["--help"], ["sheet", "--help"], ["--version"],
    ["replay", "{match}"], ["replay", "{match}", "--json"],
    ["sheet", "show", "--file", "{sheet}"], ["sheet", "show", "--json", "--file", "{sheet}"],
    ["sheet", "export", "--csv", "-", "--file", "{sheet}"],
    ["simulate", "--rubbers", "1", "--bots", "random"],
    ["simulate", "--rubbers", "1", "--bots", "random", "--json", "--lang", "fr"],
    ["score", "--contract", "solo 7", "--declarers", "N", "--tricks", "8"],
])
def test_output_cut_by_a_closed_pipe_ends_quietly(args: list[str], tmp_path: Path, match_file: Path) -> None:
    """`whist rules | head -1` and the like: the reader gone, the command exited 1 (click's and
    rich's way), which a script took for a bad file. Every command now ends as a program stopped
    by SIGPIPE is reported, 141, and says nothing on stderr. The pipe here is closed before the
    command writes, as by a `head` that has read its lines."""
    sheet = tmp_path / "sheet.json"
    assert run("sheet", "new", "--file", str(sheet)).exit_code == 0
    assert run("sheet", "add", "solo 6", "-d", "E", "-t", "7", "--file", str(sheet)).exit_code == 0
    args = [a.replace("{match}", str(match_file)).replace("{sheet}", str(sheet)) for a in args]
    proc = subprocess.Popen([sys.executable, "-m", "whist", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141 and err == b"", err.decode()
