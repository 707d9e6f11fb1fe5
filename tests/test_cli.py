"""The `whist` command: play (driven by input lines), options and rules files, bench; simulate and
replay in test_cli_research.py, the command line's edges (French, interruptions, pipes) in
test_cli_edges.py.

The terminal game reads one line per decision, so a test drives it by feeding lines. The lines
are computed beforehand by a script that runs the same :class:`Session` as ``whist play`` (same
rules, seed and bots) and always types the first legal action, the way a player would read it
off the screen.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from whist import record
from whist.actions import Call
from whist.bots import get_bot
from whist.cards import SEATS, Card, Seat, cards_of, parse_card
from whist.cli import app
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
        players = {s: "human" if s is human else "random" for s in SEATS}
        assert data == json.loads(json.dumps(record.match_record(expected.match, players)))
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
        assert data["players"] == {"N": "random", "E": "random", "S": "human", "W": "random"}
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
        for words in ("Donne 1 · marque avant NS 0 · EO 0", "Donneur ", " · atout ", "Levée  1 : ",
                      " entame — ", "Donne inachevée", "Ouest "):
            assert words in body, words
        assert not re.search(r"\b(Deal|Trick|leads|trump|West|Result|unfinished)\b", body), body
        assert " / " not in body
        hands = [line for line in body.splitlines() if line.startswith(("Nord ", "Est ", "Sud ", "Ouest "))]
        assert len(hands) == 4 and not any(re.search(r"\b[KQJ]\b", line) for line in hands), hands
        assert any(re.search(r"\b[RDV]\b", line) for line in hands), hands

    def test_end_of_input_stops_saves_and_exits_1(self, tmp_path: Path) -> None:
        """Input that ends before the game (a script of moves too short) is not a finished game:
        the record is saved, the command says why and exits 1 (``whist play --help``); Ctrl-D at a
        terminal is ``q`` (tests/test_cli_line_editing.py)."""
        r = run("play", "--seed", "3", "--records", str(tmp_path), input="")
        assert r.exit_code == 1, r.output
        assert saved_path(r.stdout).exists()
        assert "Error: the input ended before the game did (type q to stop it)" in r.stderr
        assert ("Exit status: 0 at the end of the match, or after q or Ctrl-D at a terminal; 1 if the"
                " input of a pipe or a file ends") in " ".join(run("play", "--help").stdout.split())

    @pytest.mark.parametrize(("lang", "told"), [
        ("en", "✗ 3000 characters: that is no card, call or command (? help)"),
        ("fr", "✗ 3000 caractères : ce n'est ni une carte, ni une annonce, ni une commande (? aide)")])
    def test_a_line_longer_than_any_entry_is_refused_without_its_echo(self, tmp_path: Path, lang: str,
                                                                      told: str) -> None:
        """A line of 3,000 characters (a paste gone wrong) is refused by its length, asked again,
        in the game's language: not quoted back whole in a refusal some forty lines long."""
        r = run("play", "--seed", "1", "--lang", lang, "--records", str(tmp_path), input="A" * 3000 + "\nq\n")
        assert r.exit_code == 0, r.output
        assert told in r.output
        refusals = [line for line in r.output.splitlines() if line.startswith("✗")]
        assert refusals == [told], refusals

    def test_bytes_that_are_no_text_and_invisible_characters_are_not_echoed_as_escapes(
            self, tmp_path: Path) -> None:
        """A terminal set to another encoding sends bytes that are no UTF-8: the refusal showed
        them as Python escapes (``'\\udcff\\udcfe' is not a card``), now as � ; and a
        zero-width space pasted with an entry (``\u200b?``) is dropped, as in a name, where it
        made the help no card either."""
        done = subprocess.run([sys.executable, "-m", "whist", "play", "--seed", "2", "--records",
                               str(tmp_path)], input=b"\xff\xfe\n\xe2\x80\x8b?\nq\n",
                              capture_output=True, timeout=120, env={**os.environ, "LC_ALL": "C.UTF-8"})
        out = done.stdout.decode()
        assert done.returncode == 0, out + done.stderr.decode()
        refusals = [line for line in out.splitlines() if line.startswith("✗")]
        assert refusals == ["✗ '��' is not a card (write rank then suit: AS, TD, 10D, ♦10, 2C) (? for"
                            " help)"], refusals
        assert "Legal now:" in out and "\\udc" not in out

    @pytest.mark.parametrize(("lang", "said"), [
        ("en", "Score so far: game score NS 0 · EW 0, games in this rubber NS 0 · EW 0"),
        ("fr", "Partie en cours : marque NS 0 · EO 0, manches du robre NS 0 · EO 0")])
    def test_the_score_asked_in_play_is_the_score_so_far(self, tmp_path: Path, lang: str,
                                                         said: str) -> None:
        """``s`` in the middle of a classic match answered ``Match unfinished: …``, the words of a
        match stopped or replayed: it says the score so far."""
        r = run("play", "--seed", "3", "--lang", lang, "--records", str(tmp_path), input="s\nq\n")
        assert r.exit_code == 0, r.output
        assert said in r.output and "nfinished" not in r.output and "inachevée" not in r.output

    def test_marque_typed_in_french_asks_the_score_as_s_does(self, tmp_path: Path) -> None:
        """The French help names the ``s`` key « s marque », the word the French game says for the
        running score: typed in full, ``marque`` is read as ``s`` is (as ``conseil`` is ``hint``)."""
        r = run("play", "--seed", "3", "--lang", "fr", "--records", str(tmp_path), input="marque\nq\n")
        assert r.exit_code == 0, r.output
        assert "Partie en cours : marque NS 0 · EO 0" in r.output and "✗" not in r.output, r.output

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

    def test_with_lang_fr_a_card_said_in_words_is_played(self, tmp_path: Path) -> None:
        """A French player who types the card as he says it, « as de cœur », « dix de pique »,
        plays it (it was refused: « … n'est pas une carte »)."""
        seed, _, hand, led = self._first_turn_following_suit()
        follow = next(c for c in hand if c.suit is led)
        rank = {14: "as", 13: "roi", 12: "dame", 11: "valet", 10: "dix"}.get(follow.rank, str(follow.rank))
        said = f"{rank} de {led.name_fr}"
        r = run("play", "--lang", "fr", "--seed", str(seed), "--bots", "random", "--records", str(tmp_path),
                input=f"{said}\nq\n")
        assert r.exit_code == 0, r.output
        assert "n'est pas une carte" not in r.output, r.output
        assert f"Vous jouez {follow.in_lang('fr')}" in r.output, r.output

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

    @pytest.mark.parametrize(("typed", "lang", "said"), [
        ("colour", "en", "unknown preset 'colour' (known: classic, couleur, pagat, short, simple): did you"
                         " mean couleur?"),
        ("classiqe", "fr", "préréglage « classiqe » inconnu (connus : classic, couleur, pagat, short,"
                           " simple) : vouliez-vous dire classic ?"),
        ("Pagt", "en", "unknown preset 'Pagt' (known: classic, couleur, pagat, short, simple): did you mean"
                       " pagat?"),
        ("bridge", "en", "unknown preset 'bridge' (known: classic, couleur, pagat, short, simple)\n"),
    ])
    def test_a_preset_named_in_other_words_is_told_the_one_meant(self, tmp_path: Path, typed: str,
                                                                 lang: str, said: str) -> None:
        """`--preset colour` (RULES.md §2: the presets are classic, short, simple, couleur, pagat):
        the word a player would use for the game, in English or French, or a name mistyped, is
        answered with the preset it means; a name that means none, with the list alone."""
        r = run("play", "--preset", typed, "--lang", lang, "--records", str(tmp_path), input="q\n")
        assert r.exit_code == 2 and said in r.stderr, r.output

    @pytest.mark.parametrize(("typed", "lang", "said"), [
        ("court", "fr", "Règles : whist court   graine : 1"),
        ("Classique", "fr", "Règles : whist classique   "),
        ("whist  simple", "fr", "Règles : whist simple   "), ("court", "en", "Rules: short   seed: 1"),
        ("short", "fr", "Règles : whist court   "), ("couleur", "fr", "Règles : couleur   "),
    ])
    def test_a_preset_is_read_by_its_french_name_and_named_so_in_french(
            self, tmp_path: Path, typed: str, lang: str, said: str) -> None:
        """The web lobby calls the presets « Whist court », « Whist classique », « Whist simple »:
        `--preset court` was « préréglage « court » inconnu … vouliez-vous dire short ? »; it is
        short, and the French game names each preset so (« Règles : short » was English)."""
        r = run("play", "--preset", typed, "--seed", "1", "--lang", lang, "--records", str(tmp_path),
                input="q\n")
        assert r.exit_code == 0 and said in r.stdout, r.output

    @pytest.mark.parametrize("args", [
        ["simulate", "--preset", "court", "--rubbers", "1", "--seed", "1"],
        ["rules", "--preset", "whist court"],
        ["arena", "--preset", "court", "--deals", "1", "--seed", "1", "--candidate", "random",
         "--reference", "random"],
    ])
    def test_every_command_reads_a_preset_by_its_french_name(self, args: list[str]) -> None:
        r = run(*args, "--lang", "fr")
        assert r.exit_code == 0 and "whist court" in r.stdout, r.output
        assert "inconnu" not in r.output

    def test_the_score_sheet_reads_a_preset_by_its_french_name(self, tmp_path: Path) -> None:
        sheet = tmp_path / "feuille.json"
        r = run("sheet", "new", "--preset", "classique", "--file", str(sheet), "--lang", "fr")
        assert r.exit_code == 0 and r.stdout.startswith("Nouvelle feuille (whist classique)"), r.output
        assert json.loads(sheet.read_text())["rules"]["preset"] == "classic"


@pytest.mark.parametrize(("args", "lang", "said"), [
    (["play", "couleur"], "en", "Error: Got unexpected extra argument(s) (couleur); the preset goes after"
                                " --preset: --preset couleur"),
    (["play", "Couleur"], "fr", "Erreur : argument en trop : Couleur ; le préréglage se donne après"
                                " --preset : --preset couleur"),
    (["simulate", "classic"], "en", "the preset goes after --preset: --preset classic"),
    (["simulate", "pagat"], "fr", "le préréglage se donne après --preset : --preset pagat"),
    (["play", "bridge"], "en", "Error: Got unexpected extra argument(s) (bridge)\n"),
    (["play", "8080"], "en", "Error: Got unexpected extra argument(s) (8080)\n"),  # play has no --port
    (["serve", "99999"], "en", "Error: Got unexpected extra argument(s) (99999)\n"),  # no port: no hint
    (["play", "colour"], "fr", "Erreur : argument en trop : colour ; le préréglage se donne après"
                               " --preset : --preset couleur"),
    (["serve", "8080"], "en", "Error: Got unexpected extra argument(s) (8080); the port goes after --port:"
                              " --port 8080"),
    (["serve", "8080"], "fr", "Erreur : argument en trop : 8080 ; le port se donne après --port :"
                              " --port 8080"),
])
def test_a_preset_or_port_typed_as_an_argument_is_told_where_it_goes(tmp_path: Path, args: list[str],
                                                                     lang: str, said: str) -> None:
    """`whist play couleur`, `whist serve 8080`, as one types them at first: refused (exit 2), as
    every extra argument, saying after which option it goes; another extra argument, as it was."""
    r = run(*args, "--lang", lang, *(["--records", str(tmp_path)] if args[0] != "serve" else []),
            input="q\n")
    assert r.exit_code == 2 and said in r.stderr, r.output

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
                             ("fr", "Erreur : --bots my_play_bots:boom : le robot en Sud a choisi « ZZ », que"
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
        # French goes on in lower case after a colon ("Suprématie du solo : Tant qu'un" it was)
        assert "solo_supremacy oui Suprématie du solo : tant qu'un solo" in flat
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
                "all_pass redeal_double Quand tous passent : le même donneur redonne ; ou il"
                " redonne et la donne suivante compte double ;") in flat


# ----- whist bench -----------------------------------------------------------------------------


def test_bench_engine_json_gives_a_positive_rate() -> None:
    r = run("bench", "engine", "--seconds", "0.2", "--rounds", "2", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["deals_per_second"] > 0
    assert len(data["rounds"]) == 2


def test_bench_engine_json_interrupted_prints_a_json_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C: exit status 130, the error on stderr and, with --json, on stdout too (it printed
    nothing there), as whist solve --json and whist replay --json say their failures."""
    def stop(**kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("whist.cli.bench_engine", stop)
    r = run("bench", "engine", "--seconds", "0.2", "--json", "--lang", "fr")
    assert r.exit_code == 130 and r.stderr == "Erreur : interrompu\n"
    assert json.loads(r.stdout) == {"error": "interrupted"}


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
    options = text[text.index("Options:"):]  # the description above may show --bots in an example
    names = options[options.index("--bots"):].split("(", 1)[1].split(")", 1)[0]
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
