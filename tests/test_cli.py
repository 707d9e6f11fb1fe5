"""The `whist` command: play (driven by input lines), simulate, replay, rules, bench.

The terminal game reads one line per decision, so a test drives it by feeding lines. The lines
are computed beforehand by a script that runs the same :class:`Session` as ``whist play`` (same
rules, seed and bots) and always types the first legal action, the way a player would read it
off the screen.
"""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, NoReturn

import pytest
from typer.testing import CliRunner

from whist import record
from whist.actions import Call
from whist.bots import Bot, get_bot
from whist.cards import SEATS, Card, Lang, Seat, cards_of, parse_card
from whist.cli import app
from whist.colour_session import ColourSession
from whist.couleur_match import ColourMatch
from whist.match import Match
from whist.render import say
from whist.rules import PRESETS, Rules, applies, preset
from whist.session import Session, TableSession

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def first_legal_script(rules: Rules, seed: int, human: Seat = Seat.S,
                       bots: str = "random") -> tuple[list[str], Session]:
    """The lines a player typing the first legal action types in ``whist play``, and the
    session played out (what the command must reproduce)."""
    s = Session(rules, {seat: get_bot(bots) for seat in SEATS if seat is not human}, seed)
    return first_legal_lines(s), s


def first_legal_lines(s: TableSession[Any, Any, Any, Any]) -> list[str]:
    """Play the session ``s`` (classic or colour whist) out, its human typing the first legal
    action at each decision: the lines typed."""
    lines: list[str] = []
    while not s.is_over:
        if s.needs_deal:
            s.start_deal()
        elif s.step() is None:
            action = s.legal_actions()[0]
            lines.append(action.text)
            s.play(action)
    return lines


def saved_path(output: str) -> Path:
    for line in output.splitlines():
        if line.startswith(("Match record saved: ", "Partie enregistrée : ")):
            return Path(line.split(": ", 1)[1].strip())
    raise AssertionError("no record path printed:\n" + output[-2000:])


# ----- whist play -------------------------------------------------------------------------


class TestPlay:
    @pytest.mark.parametrize(("preset_name", "seed", "seat"), [("classic", 11, "S"), ("short", 4, "E"),
                                                                 ("simple", 8, "N")])
    def test_a_whole_rubber_typing_the_first_legal_card(self, tmp_path: Path, preset_name: str,
                                                        seed: int, seat: str) -> None:
        human = Seat[seat]
        lines, expected = first_legal_script(preset(preset_name), seed, human)
        r = run("play", "--preset", preset_name, "--seed", str(seed), "--seat", seat,
                "--bots", "random", "--records", str(tmp_path), input="\n".join(lines) + "\n")
        assert r.exit_code == 0, r.output
        assert "Traceback" not in r.output
        assert "✗" not in r.output  # every line typed was legal
        assert "Match over" in r.output
        assert "Settlement" not in r.output and "+0" not in r.output  # stake 0: nobody pays
        rubber = expected.match.rubbers[0]
        if preset_name == "simple":  # RULES.md §4: no points, the first side to two games wins
            games = f"{max(rubber.games)} games to {min(rubber.games)}"
            assert f"Match 1 won by {rubber.winner.name}" in r.output
            assert f"{rubber.winner.name} win the match, {games}" in r.output
            shown = r.output.split("Match record saved")[0].lower()
            assert not any(w in shown for w in ("rubber", "robre", "game point", "win by", "totals"))
        else:
            assert "Rubber 1 won by" in r.output and "rubber points" in r.output
        path = saved_path(r.output)
        assert path.parent == tmp_path
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data == json.loads(json.dumps(record.match_record(expected.match)))
        assert data["result"]["finished"] is True
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output

    def test_the_screen_shows_hand_trump_trick_and_score(self, tmp_path: Path) -> None:
        r = run("play", "--seed", "5", "--bots", "random", "--records", str(tmp_path), input="q\n")
        out = r.output
        assert r.exit_code == 0, out
        for words in ("Your hand:", "Trump", "Turned", "Tricks", "Score", "Games", "Your turn",
                      "West plays"):
            assert words in out, words

    def test_quitting_saves_a_record_that_replays(self, tmp_path: Path) -> None:
        lines, _ = first_legal_script(preset("classic"), 3)
        r = run("play", "--seed", "3", "--bots", "random", "--records", str(tmp_path),
                input="\n".join([*lines[:20], "q"]) + "\n")
        assert r.exit_code == 0, r.output
        assert "Game stopped." in r.output
        path = saved_path(r.output)
        data = record.load(path)
        assert data["result"]["finished"] is False
        assert sum(1 for d in data["deals"] for s, _ in d["actions"] if s == "S") >= 20
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        assert "unfinished" in replayed.output.lower()

    def test_a_game_played_in_french_replays_in_french(self, tmp_path: Path) -> None:
        """A record saved by ``whist play --lang fr`` replays with ``--lang fr`` in French only:
        the seats, the labels, the cards with the French ranks; the record is the same whatever
        the language it was played in."""
        lines, _ = first_legal_script(preset("classic"), 3)
        typed = [parse_card(t).text_in("fr") for t in lines[:6]]
        r = run("play", "--lang", "fr", "--seed", "3", "--bots", "random", "--records", str(tmp_path),
                input="\n".join([*typed, "q"]) + "\n")
        assert r.exit_code == 0, r.output
        path = saved_path(r.output)
        assert f"Pour la revoir : whist replay --lang fr {path}" in r.output
        out = run("replay", str(path), "--lang", "fr").stdout
        body = out.split("\n", 2)[2]  # after the lines naming the file and the rules
        for words in ("Donne 1 · points avant NS 0 · EO 0", "Donneur ", " · atout ", "Levée  1 : ",
                      " entame — ", "Donne inachevée", "Ouest "):
            assert words in body, words
        assert not re.search(r"\b(Deal|Trick|leads|trump|West|Result|unfinished)\b", body), body
        assert " / " not in body
        hands = [line for line in body.splitlines() if line.startswith(("Nord ", "Est ", "Sud ", "Ouest "))]
        assert len(hands) == 4 and not any(re.search(r"\b[KQJ]\b", line) for line in hands), hands
        assert any(re.search(r"\b[RDV]\b", line) for line in hands), hands

    def test_end_of_input_stops_saves_and_exits_1(self, tmp_path: Path) -> None:
        """Input that ends before the game (a script of moves too short) is not a finished game:
        the record is saved, the command says why and exits 1 (``whist play --help``)."""
        r = run("play", "--seed", "3", "--records", str(tmp_path), input="")
        assert r.exit_code == 1, r.output
        assert saved_path(r.stdout).exists()
        assert "Error: the input ended before the game did (type q to stop it)" in r.stderr
        assert "Exit status: 0 at the end of the match or after q; 1 if the input ends" in " ".join(
            run("play", "--help").stdout.split())

    def test_a_bad_entry_is_explained_and_asked_again(self, tmp_path: Path) -> None:
        seed, s, hand, led = self._first_turn_following_suit()
        follow = next(c for c in hand if c.suit is led)
        off_suit = next(c for c in hand if c.suit is not led)
        not_held = next(c for c in cards_of((1 << 52) - 1) if c not in hand
                        and all(c is not x for _, x in s.view(Seat.S).trick))
        typed = ["zz", not_held.text.lower(), off_suit.text, "10", "?", follow.text, "q"]
        r = run("play", "--seed", str(seed), "--bots", "random", "--records", str(tmp_path),
                input="\n".join(typed) + "\n")
        out = r.output
        assert r.exit_code == 0, out
        assert "Traceback" not in out
        assert "'zz' is not a card" in out
        assert f"✗ you do not hold {not_held.in_lang('en')} (? for help)" in out
        assert "must follow suit" in out
        assert "Legal now:" in out
        assert out.count("Your turn") >= 6  # asked again after each bad entry
        assert f"You play {follow.pretty}" in out

    def test_with_lang_fr_a_bad_entry_is_explained_in_french(self, tmp_path: Path) -> None:
        """``--lang fr`` in classic whist: the reasons for a refused entry are the engine's French
        ones, and the cards are written and typed as the French write them (R D V, suits P C K
        T), so that a refused card is named as the hand shows it."""
        seed, s, hand, led = self._first_turn_following_suit()
        follow = next(c for c in hand if c.suit is led)
        off_suit = next(c for c in hand if c.suit is not led)
        not_held = next(c for c in cards_of((1 << 52) - 1) if c not in hand
                        and all(c is not x for _, x in s.view(Seat.S).trick))
        typed = ["zz", not_held.text_in("fr").lower(), off_suit.text_in("fr"), "oui", follow.text_in("fr"),
                 "q"]
        r = run("play", "--preset", "classic", "--lang", "fr", "--seed", str(seed), "--bots", "random",
                "--records", str(tmp_path), input="\n".join(typed) + "\n")
        out = " ".join(r.output.split())
        assert r.exit_code == 0, out
        assert "« zz » n'est pas une carte" in out
        assert f"✗ vous n'avez pas {not_held.in_lang('fr')} en main (? pour l'aide)" in out
        off_fr = off_suit.in_lang("fr")
        assert f"✗ {off_fr} : vous devez fournir à la couleur et jouer un {led.name_fr}" in out
        assert "✗ oui n'est pas autorisé maintenant ; actions autorisées : " in out
        for english in ("is not a card", "do not hold", "must follow suit", "not allowed", "(? for help)"):
            assert english not in out, english
        assert f"Vous jouez {follow.in_lang('fr')}" in out
        shown = " ".join(c.in_lang("fr")[:-1] for c in sorted(hand, key=lambda c: -c.rank) if c.suit is led)
        assert f"{led.symbol} {shown}" in out  # the hand: the French ranks

    def test_with_lang_fr_a_hint_writes_its_cards_as_they_are_typed_in_french(self, tmp_path: Path) -> None:
        """A hint names cards the way the player types them: in French ``AC`` for the ace of
        hearts, never the English ``AH`` (in French ``AC`` would be that ace of hearts, not the
        ace of clubs); typing the suggested card as shown plays it."""
        r = run("play", "--lang", "fr", "--seed", "3", "--budget", "0.05", "--records", str(tmp_path),
                input="conseil\nq\n")
        assert r.exit_code == 0, r.output
        line = next(x for x in r.output.splitlines() if x.startswith("Conseil : "))
        shown = re.findall(r"(?: : | · )(\w+) ", line)
        assert shown, line
        for text in shown:
            assert text == parse_card(text, "fr").text_in("fr"), line
        best = parse_card(shown[0], "fr")
        r = run("play", "--lang", "fr", "--seed", "3", "--bots", "random", "--records", str(tmp_path),
                input=f"{shown[0]}\nq\n")
        assert r.exit_code == 0 and f"Vous jouez {best.in_lang('fr')}" in r.output, r.output

    @staticmethod
    def _first_turn_following_suit() -> tuple[int, Session, list[Card], Any]:
        for seed in range(100):
            s = Session(preset("classic"), {x: get_bot("random") for x in SEATS if x is not Seat.S}, seed)
            s.start_deal()
            while s.step() is not None:
                pass
            v = s.view(Seat.S)
            if v.trick:
                led = v.trick[0][1].suit
                hand = list(v.hand)
                if any(c.suit is led for c in hand) and any(c.suit is not led for c in hand):
                    return seed, s, hand, led
        raise AssertionError("no seed found")

    def test_calls_at_eight_are_typed_or_applied_for_the_player(self, tmp_path: Path) -> None:
        """RULES.md §2 calling at eight: ``ask`` is typed (it is offered first among the legal
        actions); a claim or an answer, the player's only action, is applied for him."""
        for seed in range(300):
            lines, s = first_legal_script(preset("classic"), seed)
            human_calls = [a for d in s.match.deals for seat, a in d.actions
                           if seat is Seat.S and isinstance(a, Call)]
            if human_calls:
                break
        else:
            pytest.skip("no seed with a call by the human seat")
        r = run("play", "--seed", str(seed), "--bots", "random", "--records", str(tmp_path),
                input="\n".join(lines) + "\n")
        assert r.exit_code == 0, r.output
        assert "✗" not in r.output
        kinds = {c.kind for c in human_calls}
        if "ask" in kinds:
            assert "You ask partner for an honour: “can you one?”" in r.output
        if kinds & {"claim", "yes", "no"}:
            assert "played for you" in r.output

    def test_asking_at_eight_is_said_of_the_player_not_told_him(self, tmp_path: Path) -> None:
        """``appeler`` typed in French (seed 0, both sides at 8): the game says what the player did,
        « Vous chantez à huit : vous demandez à votre partenaire … » (it said « … : demandez à
        votre partenaire », an order), then the partner's answer."""
        lines, _ = first_legal_script(preset("classic"), 0)
        assert "ask" in lines
        typed = ["appeler" if line == "ask" else parse_card(line).text_in("fr") for line in lines]
        r = run("play", "--seed", "0", "--bots", "random", "--lang", "fr", "--records", str(tmp_path),
                input="\n".join(typed) + "\n")
        assert r.exit_code == 0, r.output
        said = "  Vous chantez à huit : vous demandez à votre partenaire s'il a un honneur\n  Nord : "
        assert said in r.stdout and "✗" not in r.stdout, r.stdout

    def test_the_answer_at_eight_is_said_as_the_tables(self) -> None:
        """RULES.md §2 (b): the answer to "can you one?" is not the partner's choice but true of
        the honours he was dealt (one he has played since counts): the game says so, not that he
        "answers yes"."""
        from whist.render import action_text

        assert action_text(Call("yes", ()), lang="en").plain.startswith("was dealt an honour: yes")
        assert action_text(Call("no", ()), you=True, lang="en").plain == "were dealt no honour: no"
        # after the speaker's name, as said: « Nord : non, aucun honneur »
        assert action_text(Call("no", ()), you=True, lang="fr").plain == ": non, aucun honneur"
        assert action_text(Call("yes", ()), lang="fr").plain.startswith(": oui, un honneur ;")
        assert "answer" not in action_text(Call("yes", ()), you=True, lang="en").plain

    def test_a_replayed_call_at_eight_is_said_once_in_the_play_screens_words(self, tmp_path: Path) -> None:
        """The replay (simulated rubbers, seed 11): a claim names its honours once (it listed
        them again as « Montrées »); asking is « chanter à huit » as the play screen says; the
        answer « Sud : oui, un honneur »; the game « gagnent … à huit » as every side's verb."""
        r = run("simulate", "--preset", "classic", "-n", "6", "--seed", "11", "--bots", "random",
                "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        fr = {f.name: run("replay", "--lang", "fr", str(f)).stdout for f in tmp_path.glob("*.json")}
        claim = fr["simulate-classic-seed11-rubber0001.json"]
        assert "  Est annonce les honneurs : A♣ R♣ V♣\n" in claim
        assert "EO gagnent la manche à huit par les honneurs" in claim
        ask = fr["simulate-classic-seed11-rubber0006.json"]
        assert "  Nord chante à huit : demande à son partenaire s'il a un honneur\n" in ask
        assert ("  Sud : oui, un honneur ; les partenaires montrent leurs honneurs  Montrées : N D♦ V♦"
                " · S R♦") in ask
        assert "NS gagnent la manche à huit par les honneurs" in ask
        en = run("replay", str(tmp_path / "simulate-classic-seed11-rubber0006.json")).stdout
        assert "South was dealt an honour: yes; the partners show their honours  Shown: N Q♦ J♦ · S K♦" in en
        assert "NS won the game by calling at eight" in en

    def test_bad_seat_bots_or_option_exit_2(self, tmp_path: Path) -> None:
        for args, words in [
            (["--seat", "X"], "'X' is not a seat"),
            (["--bots", "genius"], "unknown bot 'genius'"),
            (["--bots", "random,random"], "--bots takes one bot name or 3 names"),
            (["--option", "nope=1"], "unknown option 'nope'"),
            (["--preset", "bridge"], "unknown preset 'bridge'"),
        ]:
            r = run("play", *args, "--records", str(tmp_path), input="q\n")
            assert r.exit_code == 2, (args, r.output)
            assert words in r.stderr, (args, r.stderr)
            assert "Traceback" not in r.output


# ----- options and rules files --------------------------------------------------------------


@pytest.mark.parametrize("preset_name", ["classic", "couleur"])
def test_play_with_bots_of_your_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    preset_name: str) -> None:
    """``whist play --bots module:function``, as simulate and the arena take it: the bot plays
    its seats; one that chooses what the game refuses stops the game, exit 1, one line naming
    the option, the bot and its seat (a name such as ``…:boom`` kept as typed, not made an
    emoji), the record of the game so far saved, and it replays."""
    (tmp_path / "my_play_bots.py").write_text(
        "def first(view, rng):\n    return view.legal[0]\n\n\n"
        "def boom(view, rng):\n    return 'ZZ'\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    records = tmp_path / "records"
    common = ("play", "--preset", preset_name, "--seat", "W", "--seed", "3", "--records", str(records))
    r = run(*common, "--bots", "my_play_bots:first", input="q\n")
    assert r.exit_code == 0, r.output
    assert "North my_play_bots:first, East my_play_bots:first, South my_play_bots:first" in r.stdout
    for lang, said, stop in (("en", "Error: --bots my_play_bots:boom: the bot at South chose 'ZZ', which the"
                                    " game refuses:", "Game stopped"),
                             ("fr", "Erreur : --bots my_play_bots:boom : le robot en Sud a choisi 'ZZ', que"
                                    " le jeu refuse :", "Partie arrêtée")):
        r = run(*common, "--bots", "heuristic,heuristic,my_play_bots:boom", "--lang", lang, input="\n" * 40)
        assert r.exit_code == 1, r.output
        line = " ".join(r.stderr.split())
        assert line.startswith(said), line
        assert stop in r.stdout and "Traceback" not in r.output
    assert len(list(records.glob("*.json"))) == 3
    for path in records.glob("*.json"):
        assert run("replay", str(path)).exit_code == 0


class TestOptions:
    def test_unknown_option_or_bad_value_exits_2_with_the_rules_error(self) -> None:
        for opt, words in [("nope=1", "unknown option 'nope'"),
                           ("game_points=abc", "option game_points takes a whole number"),
                           ("call_at_eight=maybe", "option call_at_eight takes on/off"),
                           ("game_points", "--option takes name=value"),
                           ("rubbers=0", "option rubbers must be at least 1")]:
            r = run("simulate", "--rubbers", "1", "--option", opt)
            assert r.exit_code == 2, (opt, r.output)
            assert words in r.stderr, (opt, r.stderr)
            assert r.stdout == ""

    def test_with_lang_fr_the_rules_errors_are_french(self, tmp_path: Path) -> None:
        """A French player who mistypes a preset or an option at ``whist play --lang fr`` (or
        ``whist sheet new --lang fr``) is told why in French, as for every other refusal."""
        for args, words in [
            (["--preset", "coleur"], "Erreur : préréglage « coleur » inconnu (connus : classic, couleur,"),
            (["--option", "nope=1"],
             "Erreur : option « nope » inconnue (la liste : `whist rules --lang fr`)"),
            (["--option", "game_points=abc"],
             "Erreur : l'option game_points vaut un nombre entier, pas « abc »"),
            (["--option", "call_at_eight=peut-être"], "l'option call_at_eight vaut on/off (oui/non)"),
            (["--option", "rubbers=0"], "Erreur : l'option rubbers vaut au moins 1"),
            (["--option", "game_points"], "Erreur : --option s'écrit nom=valeur, pas « game_points »"),
            (["-p", "couleur", "--option", "honours=off"],
             "Erreur : l'option honours ne fait pas partie du whist à la couleur des règles couleur"),
            (["--seat", "X"], "Erreur : « X » n'est pas une place"),
        ]:
            r = run("play", "--lang", "fr", *args, "--records", str(tmp_path), input="q\n")
            assert r.exit_code == 2, (args, r.output)
            assert words in " ".join(r.stderr.split()), (args, r.stderr)
            assert "Error" not in r.stderr and "unknown" not in r.stderr
        r = run("sheet", "new", "--lang", "fr", "-p", "classic", "-o", "stake=abc",
                "--file", str(tmp_path / "s.json"))
        assert r.exit_code == 2 and "Erreur : l'option stake vaut un nombre, pas « abc »" in r.stderr
        assert not (tmp_path / "s.json").exists()

    def test_options_and_rules_file_change_the_rules(self, tmp_path: Path) -> None:
        f = tmp_path / "club.toml"
        f.write_text('preset = "short"\n[options]\ngame_points = 7\n', encoding="utf-8")
        r = run("rules", "--rules", str(f), "--option", "stake=0.5", "--json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert (data["preset"], data["game_points"], data["stake"]) == ("short", 7, 0.5)

    def test_bad_rules_file_exits_2(self, tmp_path: Path) -> None:
        bad = tmp_path / "bad.toml"
        bad.write_text("game_points = = 3\n", encoding="utf-8")
        r = run("simulate", "--rules", str(bad))
        assert r.exit_code == 2
        assert "is not valid TOML" in r.stderr
        r = run("simulate", "--rules", str(tmp_path / "missing.toml"))
        assert r.exit_code == 2
        assert "cannot read rules file" in r.stderr

    def test_rules_lists_every_option_of_the_game_with_its_doc(self) -> None:
        for preset_name in ("simple", "pagat"):
            r = run("rules", "--preset", preset_name)
            assert r.exit_code == 0, r.output
            flat = " ".join(r.stdout.split())
            rules = PRESETS[preset_name]
            for name in Rules.names():
                assert (name in flat) == applies(name, rules), (preset_name, name)
            assert f"Rules: {preset_name}" in flat

    def test_rules_in_french_names_and_explains_each_option_in_french(self) -> None:
        """`whist rules --lang fr`: the title, the heads, each option's name as a player says it
        and its meaning in French, on/off as oui/non (which `--option` takes too), the option's
        own name kept as `--option` takes it; the errors in French."""
        r = run("rules", "--preset", "couleur", "--option", "solo_supremacy=oui", "--lang", "fr")
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.split()).replace("│", " ")
        flat = " ".join(flat.split())
        assert "Règles : couleur (préréglages :" in flat and "valeur" in flat and "sens" in flat
        assert "solo_supremacy oui Suprématie du solo : Tant qu'un solo" in flat
        assert "shuffle oui Battre les cartes :" in flat
        assert "Rules:" not in flat and "shuffle on" not in flat and "Shuffle" not in flat
        r = run("rules", "--preset", "couleur", "--option", "deals=huit", "--lang", "fr")
        assert r.exit_code == 2
        assert "Erreur : l'option deals vaut un nombre entier, pas « huit »" in r.stderr
        assert run("rules", "--lang", "de").exit_code == 2

    @pytest.mark.parametrize("lang", ["en", "fr"])
    def test_rules_says_each_option_in_a_players_words(self, lang: str) -> None:
        """`whist rules` shows the options of one game, as the web's form does: no meaning starts
        by naming the game ("Colour whist: deals in a session."), and the choices when all pass
        are said as players say them, not by the values the option takes ('redeal'), which the
        value column and the errors give."""
        r = run("rules", "--preset", "pagat", "--lang", lang)
        assert r.exit_code == 0, r.output
        flat = " ".join(r.stdout.replace("│", " ").split())
        assert "Colour whist" not in flat and "Whist à la couleur" not in flat
        assert "'redeal" not in flat and "'dames'" not in flat
        assert ("all_pass redeal_double When all pass: The same dealer deals again; or deals again"
                " and the next deal played scores double;" if lang == "en" else
                "all_pass redeal_double Quand tous passent : Le même donneur redonne ; ou il"
                " redonne et la donne suivante compte double ;") in flat


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
         "Erreur : robot « genius » inconnu (connus : random, heuristic, pimc)"),
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
        assert "Bots: N random, E heuristic, S random, W heuristic" in a.stdout
        c = run(*self.ARGS[:-4], "--seed", "43", *self.ARGS[-2:])
        assert c.stdout != a.stdout

    def test_in_french_the_summary_and_the_errors(self) -> None:
        """``--lang fr``: the summary in French only, the same JSON as in English; an option of
        the other game is refused in French."""
        r = run(*self.ARGS, "--lang", "fr")
        assert r.exit_code == 0, r.output
        out = r.stdout
        for words in ("Règles : classic   graine : 42", "Robres : 3",
                      "Robots : N random, E heuristic, S random, O heuristic",
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
        assert bots.exit_code == 2 and bots.stderr.startswith("Erreur : robot « genius » inconnu")

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
        played and how many records saved (those of the finished rubbers, which replay)."""
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
        assert r.stderr.startswith(f"Error: interrupted: {len(saved)} of 50 rubbers played;"
                                   f" {records} saved in {tmp_path}")
        assert "Traceback" not in r.output and r.stdout == ""
        assert run("replay", str(saved[-1])).exit_code == 0

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

        monkeypatch.setattr("whist.arena.get_bot", recording)
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
               " passed to it)" in text, text
        fr = " ".join(run("simulate", *args, "--seed", "5", "--bots", mixed, "--lang", "fr").stdout.split())
        assert "O random (un robot à vous : --budget ne lui est pas transmis)" in fr, fr
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
        assert lines[-1] == ("Error: --bots my_sim_crashing_bot:crash: the bot at South raised RuntimeError:"
                             " my bug (stopped: 0 of 1 deals played)"), r.stderr
        assert r.stdout == ""

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
        assert line.startswith("Erreur : --bots my_sim_late_bot:late : le robot en Nord a choisi 'hello',"
                               " que le jeu refuse : "), line
        n = len(saved)
        s = "s" if n >= 2 else ""
        assert line.endswith(f"(arrêté : {n} donne{s} sur 8 ; {n} enregistrement{s} dans {records})"), line
        for path in saved:
            assert run("replay", str(path)).exit_code == 0, path

    @pytest.mark.parametrize(("bots", "en", "fr"), [
        ("genius", "unknown bot 'genius' (known: random, heuristic, pimc), or module:function for a bot"
         " of your own", "robot « genius » inconnu (connus : random, heuristic, pimc), ou module:fonction"
         " pour un robot à vous"),
        ("random,no_such_sim_module:bot,random,random", "cannot import bot 'no_such_sim_module:bot'",
         "impossible d'importer le robot « no_such_sim_module:bot »"),
        ("whist.bots:BOT_NAMES", "'whist.bots:BOT_NAMES' is not a bot", "'whist.bots:BOT_NAMES' n'est pas un"
         " robot"),
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
        assert fr.stdout.startswith(f"Enregistrement de la donne : {f}\nRègles : classic\n"
                                    "Donne · points avant NS 0 · EO 0")

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
        assert out.startswith(f"Enregistrement de la partie : {match_file}\nRègles : classic · ")
        for words in ("Donne 1 · points avant NS 0 · EO 0", "Levée  1 : ", "Levée 13 : ", " entame — ",
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


# ----- whist bench -----------------------------------------------------------------------------


def test_bench_engine_json_gives_a_positive_rate() -> None:
    r = run("bench", "engine", "--seconds", "0.2", "--rounds", "2", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["deals_per_second"] > 0
    assert len(data["rounds"]) == 2


def test_help_for_every_command() -> None:
    for args in (["--help"], ["play", "--help"], ["simulate", "--help"], ["replay", "--help"],
                 ["rules", "--help"], ["bench", "engine", "--help"]):
        r = run(*args)
        assert r.exit_code == 0, args
        assert "Usage:" in r.stdout


def test_version_alone_prints_the_installed_version() -> None:
    from importlib.metadata import version

    for args in (["--version"], ["--version", "play"]):
        r = run(*args)
        assert r.exit_code == 0, (args, r.output)
        assert r.stdout.strip() == f"whist {version('whist')}"


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_the_bots_help_names_every_bot(command: str) -> None:
    """--bots accepts every bot the project has (pimc too): the help names them all."""
    from whist.bots import BOT_NAMES

    text = " ".join(run(command, "--help").stdout.split())
    names = text[text.index("--bots"):].split("(", 1)[1].split(")", 1)[0]
    assert sorted(names.split(", ")) == sorted(BOT_NAMES)


@pytest.mark.parametrize("command", ["play", "simulate", "arena", "rules"])
def test_the_preset_help_names_the_default_a_rules_file_gives(command: str, tmp_path: Path) -> None:
    """Without --preset, the preset is that of the --rules file when it names one: the help of
    --preset says so for `whist rules` as for the commands that play, and `whist rules` does it."""
    text = " ".join(run(command, "--help").stdout.split())
    assert "(default: classic, or the preset of --rules)" in text, text
    rules_file = tmp_path / "rules.toml"
    rules_file.write_text('preset = "short"\n', encoding="utf-8")
    assert json.loads(run("rules", "--rules", str(rules_file), "--json").stdout)["preset"] == "short"


@pytest.mark.parametrize("command", ["play", "simulate", "arena", "rules"])
def test_a_preset_given_twice_differently_is_refused(command: str, tmp_path: Path) -> None:
    """``--preset classic`` with a club's file saying ``preset = "couleur"``: which game was meant
    cannot be told, and the file's silently won; now refused (exit 2), in French with --lang fr
    where the command has it. The same preset given both ways is the game asked for."""
    club = tmp_path / "club.toml"
    club.write_text('preset = "couleur"\n', encoding="utf-8")
    needs = ["-c", "heuristic", "-r", "random", "--deals", "1"] if command == "arena" else []
    r = run(command, *needs, "--rules", str(club), "--preset", "classic")
    said = " ".join(r.stderr.split())
    assert r.exit_code == 2 and f"--preset classic and {club}'s preset couleur differ" in said
    if command == "play":
        r = run(command, "--rules", str(club), "--preset", "classic", "--lang", "fr")
        assert r.exit_code == 2 and "--preset classic et le préréglage couleur" in " ".join(r.stderr.split())
    same = run("rules", "--rules", str(club), "--preset", "couleur", "--json")
    assert json.loads(same.stdout)["preset"] == "couleur"


# ----- the command line's own errors in French ------------------------------------------------


@pytest.mark.parametrize(("args", "en", "fr"), [
    (["sheet", "add", "solo 7", "-t"], "Option '-t' requires an argument.",
     "Erreur : l'option « -t » demande une valeur."),
    (["sheet", "penalty"], "Missing argument 'SEAT'.", "Erreur : il manque l'argument « PLACE »."),
    (["sheet", "show", "--bogus"], "No such option: --bogus", "Erreur : option inconnue : --bogus"),
    (["sheet", "show", "--jsn"], "(Possible options: --json)", "(options possibles : --json)"),
    (["sheet", "penalty", "N", "E"], "Got unexpected extra argument", "Erreur : argument en trop : E"),
    (["score"], "Missing option '--contract' / '-c'.",
     "Erreur : il manque l'option « --contract » / « -c »."),
    (["sheet", "add", "trou", "--needed", "x"], "Invalid value for '--needed'",
     "Erreur : valeur invalide pour « --needed » : ce doit être un nombre entier"),
    (["serve", "--port", "70000"], "Input should be less than or equal to 65535",
     "Erreur : valeur invalide pour « --port » : au plus 65535"),
    (["sheet", "show", "--json=3"], "Option '--json' does not take a value.",
     "Erreur : l'option « --json » ne prend pas de valeur."),
    (["solve", "N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT"], "Missing option '--leader' / '-l'.",
     "Erreur : il manque l'option « --leader » / « -l »."),
    (["solve", "N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", "-t", "NT", "-l", "N", "--memry", "3"],
     "No such option: --memry", "Erreur : option inconnue : --memry"),
    (["serve", "--port", "0"], "Input should be greater than or equal to 1",
     "Erreur : valeur invalide pour « --port » : au moins 1"),
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
            assert f"Essayez « whist {' '.join(args[:at])} --help » pour l'aide." in r.stderr


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
    """Stopped before its only rubber was played: « 0 robre sur 1 », not « 0 sur 1 robres »."""

    def stop(self: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(TableSession, "step", stop)
    r = runner.invoke(app, ["simulate", "--rubbers", "1", "--bots", "random", "--lang", "fr"])
    assert r.exit_code == 130 and "Erreur : interrompu : 0 robre sur 1" in r.stderr, r.output
    r = runner.invoke(app, ["simulate", "--rubbers", "1", "--bots", "random"])
    assert r.exit_code == 130 and "Error: interrupted: 0 of 1 rubbers played" in r.stderr, r.output


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
        simulate_sessions(sessions, 2_000_000, say("Deals", "donnes", lang), lambda m: 1_234_567, None,
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


def test_bench_engine_speaks_french_with_lang_fr() -> None:
    """whist bench engine takes --lang too: its measure and its errors in French."""
    r = runner.invoke(app, ["bench", "engine", "--seconds", "0.1", "--rounds", "1", "--lang", "fr"])
    assert r.exit_code == 0 and "donnes/s, le meilleur de 1 tours" not in r.stdout
    assert "donnes/s, le meilleur de 1 tour" in r.stdout and "deals" not in r.stdout, r.output
    r = runner.invoke(app, ["bench", "engine", "--seconds", "0", "--lang", "fr"])
    assert r.exit_code == 2, r.output
    assert r.stderr == "Erreur : --seconds 0 est trop petit : donnez un nombre de secondes de 0,01 à 3600\n"


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

        monkeypatch.setattr("whist.arena.get_bot", recording)
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
    assert "Règles : classic, honours=non, stake=0,5   graine" in out, out
    assert json.loads(run("simulate", *args, "--json").stdout)["rules"] == "classic, honours=off, stake=0.5"
    sheet = tmp_path / "s.json"
    new = run("sheet", "new", "-f", str(sheet), "-p", "classic", "-o", "stake=0,5", "--lang", "fr")
    assert new.exit_code == 0 and new.stdout.startswith("Nouvelle feuille (classic, stake=0,5)"), new.output
    shown = run("sheet", "show", "-f", str(sheet)).stdout
    assert "(classic, stake=0,5)" in shown, shown
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
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    r = run(*args)
    assert r.exit_code in (1, 2) and en.replace("{tmp}", str(tmp_path)) in " ".join(r.stderr.split())
    r = run(*args, "--lang", "fr")
    said = " ".join(r.stderr.split())
    assert r.exit_code in (1, 2) and fr.replace("{tmp}", str(tmp_path)) in said, said
    assert "No such" not in said and "Is a directory" not in said


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


@pytest.mark.parametrize("preset_name", ["classic", "couleur"])
def test_a_game_cut_by_a_closed_pipe_keeps_the_deals_played(tmp_path: Path, preset_name: str) -> None:
    """`whist play < moves | head`: the reader gone after the first deal's result, the command
    exited 141 and saved nothing, where Ctrl-C keeps the game so far. The record is now saved, the
    exit still 141 and stderr still empty; it holds at least the deals whose result was read.
    The last move is typed once the pipe is closed, so that the game writes after it, as it
    would at a terminal."""
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
    assert proc.wait(timeout=120) == 141 and err == b"", err.decode()
    saved = list(records.iterdir())
    assert len(saved) == 1, saved
    match = record.replay(record.load(saved[0]))
    assert isinstance(match, Match | ColourMatch) and match.deals and match.deals[0].is_over
