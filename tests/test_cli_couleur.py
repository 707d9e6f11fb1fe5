"""The `whist` command for colour whist (whist à la couleur, RULES.md §5–6): the terminal game
driven by input lines, simulate, replay, the one-deal score and the score sheet.

As in ``test_cli.py``, the lines typed into ``whist play`` are computed beforehand by a script
that runs the same :class:`ColourSession` as the command (same rules, seed and bots) and types
the first legal action (or, for the French test, the action the heuristic bot would choose, in
French words), the way a player reads it off the screen.
"""

from __future__ import annotations

import errno
import fcntl
import io
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from whist import record
from whist.auction import ColourCall, parse_call
from whist.bots import Bot, get_bot
from whist.cards import SEATS, Lang, ParseError, Seat, parse_card, parse_seat
from whist.cli import app
from whist.cli_colour import session_sizes
from whist.colour_render import _needed
from whist.colour_session import ColourSession
from whist.colour_terminal import ColourTerminalGame
from whist.contracts import Contract
from whist.couleur import CardCall, ColourAction, ColourView, parse_colour_action, typed_text
from whist.rules import Rules, preset, with_options
from whist.terminal import save_match

runner = CliRunner()
WHIST = [sys.executable, "-c", "from whist.cli import main; main()"]
"""The whist command in a process of its own."""

Chooser = Callable[[ColourView, random.Random], ColourAction]


def wait_for_the_lock(proc: subprocess.Popen[str]) -> None:
    """Return once ``proc`` waits for a file lock another holds: the system lists it among the
    locks' waiters (``->`` in /proc/locks). A fixed wait of 3 s was not enough on a loaded
    machine, where the command was still loading Python's modules when the test went on."""
    end = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.communicate()
        waiters = Path("/proc/locks").read_text().splitlines()
        if any("->" in line and str(proc.pid) in line.split() for line in waiters):
            return
        assert time.monotonic() < end, "the command never waited for the lock"
        time.sleep(0.05)


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def rules_of(name: str, **options: Any) -> Rules:
    return with_options(preset(name), {"deals": 2, **options})


def first_legal(view: ColourView, rng: random.Random) -> ColourAction:
    return view.legal[0]


def english(action: ColourAction) -> str:
    return action.text


def french(action: ColourAction) -> str:
    """What a French-speaking player types: ``passe``, ``propose cœur``, ``montre 7C`` (sept de
    cœur), ``RP`` (roi de pique) …"""
    return typed_text(action, "fr")


def script(rules: Rules, seed: int, human: Seat = Seat.S, bots: str = "random",
           choose: Chooser = first_legal, say: Callable[[ColourAction], str] = english,
           ) -> tuple[list[str], ColourSession]:
    """The lines a player types in ``whist play`` (one per decision the session asks of him)
    and the session played out, which the command must reproduce."""
    s = ColourSession(rules, {seat: get_bot(bots) for seat in SEATS if seat is not human}, seed)
    rng = random.Random(seed)
    lines: list[str] = []
    while not s.is_over:
        if s.needs_deal:
            s.start_deal()
        elif s.step() is None:
            action = choose(s.view(human), rng)
            lines.append(say(action))
            s.play(action)
    return lines, s


def play(rules: Rules, seed: int, lines: list[str], tmp_path: Path, *extra: str,
         human: Seat = Seat.S, bots: str = "random") -> Any:
    options = [f"--option=deals={rules.deals}"]
    for name in ("trou_surprise", "all_pass"):
        if getattr(rules, name) != getattr(preset(rules.preset), name):
            options.append(f"--option={name}={getattr(rules, name)}")
    return run("play", "--preset", rules.preset, "--seed", str(seed), "--seat", human.name,
               "--bots", bots, "--records", str(tmp_path), *options, *extra,
               input="\n".join(lines) + "\n")


def flat(output: str) -> str:
    """The output with its line breaks and runs of spaces as single spaces (Rich wraps lines)."""
    return " ".join(output.split())


def refused(output: str) -> list[str]:
    """The lines where the game refused an entry (they start with ✗)."""
    return [line for line in output.splitlines() if line.startswith("✗")]


def saved_path(output: str) -> Path:
    for line in output.splitlines():
        if line.startswith(("Match record saved: ", "Partie enregistrée : ")):
            return Path(line.split(": ", 1)[1].strip())
    raise AssertionError("no record path printed:\n" + output[-2000:])


def find_seed(rules: Rules, wanted: Callable[[ColourSession], bool], human: Seat = Seat.S,
              bots: str = "random", limit: int = 300) -> tuple[int, list[str], ColourSession]:
    for seed in range(limit):
        lines, s = script(rules, seed, human, bots)
        if wanted(s):
            return seed, lines, s
    raise AssertionError("no seed found")


def in_both_languages(rules: Rules, seed: int, lines: list[str], tmp_path: Path) -> tuple[str, str]:
    """The output of the session ``lines`` play in English, then with ``--lang fr`` typed in
    French, each :func:`flat`."""
    en = flat(play(rules, seed, lines, tmp_path).output)
    fr = flat(play(rules, seed, script(rules, seed, say=french)[0], tmp_path, "--lang", "fr").output)
    return en, fr


def actions_of(s: ColourSession) -> list[tuple[Seat, ColourAction]]:
    return [a for d in s.match.deals for a in d.actions]


# ----- whist play --------------------------------------------------------------------------------


class TestPlay:
    @pytest.mark.parametrize(("name", "seed", "seat"), [("couleur", 4, "S"), ("couleur", 17, "N"),
                                                          ("pagat", 6, "E"), ("pagat", 22, "W")])
    def test_a_whole_session_typing_the_first_legal_action(self, tmp_path: Path, name: str, seed: int,
                                                           seat: str) -> None:
        rules = rules_of(name)
        human = Seat[seat]
        lines, expected = script(rules, seed, human)
        r = play(rules, seed, lines, tmp_path, human=human)
        out = r.output
        assert r.exit_code == 0, out
        assert "Traceback" not in out
        assert refused(out) == []  # every line typed was legal
        for words in ("Colour whist", "Your hand:", "Auction:", "Legal calls:", "Contract:", "Trump",
                      "Tricks", "result", "Session over", "totals"):
            assert words in out, words
        path = saved_path(out)
        data = json.loads(path.read_text(encoding="utf-8"))
        players = {s: "human" if s is human else "random" for s in SEATS}
        assert data == json.loads(json.dumps(record.match_record(expected.match, players)))
        assert data["rules"]["game"] == "couleur" and data["result"]["finished"] is True
        assert data["result"]["played"] == 2
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        assert "Auction:" in replayed.stdout and "Trick  1:" in replayed.stdout

    def test_french_calls_typed_as_a_player_would(self, tmp_path: Path) -> None:
        """Calls typed in French (passe, propose cœur, j'emballe, solo 7 carreau …), shown in
        French with --lang fr."""
        rules = rules_of("couleur")
        bot = get_bot("heuristic")

        def heuristic(view: ColourView, rng: random.Random) -> ColourAction:
            action = bot(view, rng)
            return next(a for a in view.legal if a == action)

        for seed in range(40):
            lines, expected = script(rules, seed, bots="heuristic", choose=heuristic, say=french)
            calls = [t for t in lines if not t[:1].isdigit() and t[:1] not in "ARDV"]
            if "passe" in calls and any(t != "passe" for t in calls):
                break
        else:
            raise AssertionError("no seed where the player bids")
        r = play(rules, seed, lines, tmp_path, "--lang", "fr", bots="heuristic")
        out = r.output
        assert r.exit_code == 0, out
        assert refused(out) == []
        assert "Vous dites « passe »" in flat(out)
        assert "Partie terminée" in out
        data = record.load(saved_path(out))
        players = {s: "human" if s is Seat.S else "heuristic" for s in SEATS}
        assert data == json.loads(json.dumps(record.match_record(expected.match, players)))

    def test_the_trou_is_announced_for_the_player(self, tmp_path: Path) -> None:
        """RULES.md §5.3: the holder of three aces must announce trou; the game does it for him."""
        rules = rules_of("couleur")
        seed, lines, _ = find_seed(rules, lambda s: any(
            seat is Seat.S and isinstance(a, ColourCall) and a.kind == "trou" for seat, a in actions_of(s)))
        r = play(rules, seed, lines, tmp_path)
        assert r.exit_code == 0, r.output
        assert "You announce trou (three aces) (your only choice, played for you" in flat(r.output)
        assert re.search(r"Trou: you, with (North|East|West)\b", flat(r.output)), flat(r.output)

    def test_a_trou_surprise_names_a_hidden_partner_in_a_sentence(self, tmp_path: Path) -> None:
        """The trou surprise (option): ``Trou : vous, avec un partenaire caché (trou surprise)``
        (it said ``Vous avec caché``), the player in lower case inside the line."""
        rules = rules_of("couleur", trou_surprise=True)
        seed, _, _ = find_seed(rules, lambda s: any(
            seat is Seat.S and isinstance(a, ColourCall) and a.kind == "trou" for seat, a in actions_of(s)))
        en, fr = in_both_languages(rules, seed, script(rules, seed)[0], tmp_path)
        assert "Trou: you, with a hidden partner (trou surprise)" in en, en
        assert "Trou : vous, avec un partenaire caché (trou surprise)" in fr, fr

    def test_the_trou_partner_shows_a_card(self, tmp_path: Path) -> None:
        """§5.3 couleur: the partner shows a card; its suit is trump. Typed `show 7H`."""
        rules = rules_of("couleur")
        seed, lines, s = find_seed(rules, lambda s: any(
            seat is Seat.S and isinstance(a, CardCall) and a.kind == "show" for seat, a in actions_of(s)))
        shown = next(a for seat, a in actions_of(s) if seat is Seat.S and isinstance(a, CardCall)
                     and a.kind == "show")
        assert shown.text in lines
        r = play(rules, seed, lines, tmp_path)
        assert r.exit_code == 0, r.output
        assert "card to show" in flat(r.output)
        assert shown.card is not None and f"You show {shown.card.pretty}" in flat(r.output)

    def test_petite_misere_discards_stay_face_down(self, tmp_path: Path) -> None:
        """§5.5 row 8, §5.6: every player discards a card face down; the others' stay hidden."""
        rules = rules_of("couleur")
        seed, lines, s = find_seed(rules, lambda s: any(
            isinstance(a, CardCall) and a.kind == "discard" for _, a in actions_of(s)))
        lines = [t.removeprefix("discard ") for t in lines]  # the card alone is enough
        r = play(rules, seed, lines, tmp_path)
        out = flat(r.output)
        assert r.exit_code == 0, out
        assert "card to discard" in out
        assert refused(r.output) == []
        assert "You discard" in out
        assert "discards a card face down" in out
        for seat, a in actions_of(s):
            if isinstance(a, CardCall) and a.kind == "discard" and seat is not Seat.S:
                assert a.card is not None and f"discard {a.card.pretty}" not in out

    @pytest.mark.parametrize("spreader", ["bot", "you"])
    def test_a_spread_hand_is_shown(self, tmp_path: Path, spreader: str) -> None:
        """§5.6: a grande misère sur table is spread for all to see, said in the language chosen;
        the human's own spread hand is not shown twice at his turn (his hand follows)."""
        rules = rules_of("pagat")

        def spread_if_you(view: ColourView, rng: random.Random) -> ColourAction:
            spread = [a for a in view.legal if isinstance(a, ColourCall) and a.contract is not None
                      and a.contract.kind == "grande_misere_sur_table"]
            return spread[0] if spread and spreader == "you" else view.legal[0]

        seed, lines, s = next(
            (seed, lines, s) for seed in range(300)
            for lines, s in [script(rules, seed, choose=spread_if_you)]
            if any(d.in_play is not None and d.in_play.spread
                   and (d.in_play.declarers == (Seat.S,)) == (spreader == "you") for d in s.match.deals))
        seat = next(d.in_play.spread[0] for d in s.match.deals if d.in_play is not None and d.in_play.spread)
        en = flat(play(rules, seed, lines, tmp_path).output)
        fr = flat(play(rules, seed, lines, tmp_path, "--lang", "fr").output)
        if spreader == "you":
            assert "Your hand is on the table:" in en and "Votre main est sur table :" in fr
            assert "(on the table" not in en
        else:
            of = "d'" if seat.name_fr[0] in "AEIOU" else "de "
            assert f"{seat.name_en}'s hand is on the table:" in en
            assert f"La main {of}{seat.name_fr} est sur table :" in fr
        assert "on the table" not in fr and "sur table :" not in en

    def test_passed_out_deal_is_redealt_and_the_next_doubled(self, tmp_path: Path) -> None:
        """§5.8 pagat: redeal_double."""
        rules = rules_of("pagat")
        seed, lines, s = find_seed(rules, lambda s: any(d.passed_out for d in s.match.deals),
                                   bots="heuristic", limit=60)
        r = play(rules, seed, lines, tmp_path, bots="heuristic")
        out = flat(r.output)
        assert r.exit_code == 0, out
        first = next(i for i, d in enumerate(s.match.deals) if d.passed_out)
        number = sum(not d.passed_out for d in s.match.deals[:first]) + 1  # as its start said
        assert f"Deal {number} of {rules.deals}" in out
        assert f"Deal {number} result: everybody passed" in out  # its number, as any deal's
        assert "The next deal played scores double" in out
        assert "This deal scores double (×2)" in out

    def test_the_queens_game_when_all_pass(self, tmp_path: Path) -> None:
        """§5.8 all_pass=dames: the deal is played, each for himself."""
        rules = rules_of("couleur", all_pass="dames")
        seed, lines, s = find_seed(rules, lambda s: any(
            d.in_play is not None and d.in_play.contract.kind == "dames" for d in s.match.deals),
            bots="heuristic", limit=60)
        r = play(rules, seed, lines, tmp_path, bots="heuristic")
        assert r.exit_code == 0, r.output
        assert "queens — each for himself" in flat(r.output) and "misère par les dames" not in r.output
        fr = play(rules, seed, script(rules, seed, bots="heuristic", say=french)[0], tmp_path, "--lang", "fr",
                  bots="heuristic")
        assert "misère par les dames — chacun pour soi" in flat(fr.output)
        # the result shows the queens each took, which the deal scores
        queens = next(d.queens() for d in s.match.deals
                      if d.in_play is not None and d.in_play.contract.kind == "dames")
        assert "queens " + " ".join(str(queens[seat]) for seat in SEATS) in flat(r.output)

    def test_bad_entries_are_explained_and_asked_again(self, tmp_path: Path) -> None:
        rules = rules_of("couleur")
        lines, _ = script(rules, 4)
        typed = ["zz", "solo 6", "AS", "propose X", "discard 2C", "?", "a", "s", "t", *lines]
        r = play(rules, 4, typed, tmp_path)
        out = flat(r.output)
        assert r.exit_code == 0, out
        assert "Traceback" not in out
        assert "'zz' is not a call" in out
        assert "name the trump suit too, like 'solo 6 H'" in out
        assert "the auction is on; make a call" in out
        assert "'x' is not a suit" in out
        assert "discard 2C: the auction is on" in out
        assert "For example:" in out
        assert out.count("— call (? help, q quit)") >= 10  # asked again after each
        assert "Session over" in out

    def test_a_card_that_must_follow_suit(self, tmp_path: Path) -> None:
        rules = rules_of("couleur")
        for seed in range(100):
            s = ColourSession(rules, {x: get_bot("random") for x in SEATS if x is not Seat.S}, seed)
            lines: list[str] = []
            found = None
            while not s.is_over and found is None:
                if s.needs_deal:
                    s.start_deal()
                elif s.step() is None:
                    v = s.view(Seat.S)
                    if v.phase == "play" and v.trick:
                        led = v.trick[0][1].suit
                        off = [c for c in v.hand if c.suit is not led]
                        if len(off) < len(v.hand) and off:
                            found = off[0]
                            break
                    lines.append(v.legal[0].text)
                    s.play(v.legal[0])
            if found is not None:
                break
        else:
            raise AssertionError("no seed found")
        r = play(rules, seed, [*lines, found.text, "q"], tmp_path)
        assert r.exit_code == 0, r.output
        assert "you must follow suit" in flat(r.output)
        assert "Game stopped." in r.output

    def test_quitting_saves_a_record_that_replays(self, tmp_path: Path) -> None:
        rules = rules_of("couleur")
        lines, _ = script(rules, 4)
        assert len(lines) > 2
        r = play(rules, 4, [*lines[:2], "q"], tmp_path)
        assert r.exit_code == 0, r.output
        assert "Game stopped." in r.output
        path = saved_path(r.output)
        data = record.load(path)
        assert data["result"]["finished"] is False
        replayed = run("replay", str(path))
        assert replayed.exit_code == 0, replayed.output
        assert "unfinished" in replayed.stdout.lower()

    def test_end_of_input_stops_saves_and_exits_1(self, tmp_path: Path) -> None:
        r = run("play", "--preset", "pagat", "--seed", "3", "--records", str(tmp_path), input="")
        assert r.exit_code == 1, r.output
        assert saved_path(r.stdout).exists()
        assert "the input ended before the game did" in r.stderr

    def test_a_call_typed_in_french_reads_c_as_coeur(self, tmp_path: Path) -> None:
        """With --lang fr, C is cœur in a call as in a card: "propose C" proposes hearts (seed 3:
        South speaks first); in English it proposes clubs."""
        fr = run("play", "--preset", "couleur", "--lang", "fr", "--seed", "3", "--records", str(tmp_path),
                 input="propose C\nq\n")
        assert "Vous dites « propose cœur »" in flat(fr.stdout), fr.output
        en = run("play", "--preset", "couleur", "--seed", "3", "--records", str(tmp_path),
                 input="propose C\nq\n")
        assert "propose ♣" in flat(en.stdout) and "propose ♥" not in flat(en.stdout), en.output

    def test_the_examples_of_calls_read_back_in_french(self, tmp_path: Path) -> None:
        """With --lang fr, the help's examples of calls are as a French player types them, each
        read back as itself: no English "emballage 12 C" (clubs), which in French is cœur."""
        r = run("play", "--preset", "couleur", "--lang", "fr", "--seed", "3", "--records", str(tmp_path),
                input="?\nq\n")
        line = next(x for x in r.stdout.splitlines() if x.startswith("Par exemple : "))
        examples = line.split(" : ", 1)[1].split(", ")
        assert len(examples) >= 3, line
        for text in examples:
            assert parse_call(text, lang="fr").text_fr == text, line

    def test_end_of_input_is_said_in_french_with_lang_fr(self, tmp_path: Path) -> None:
        r = run("play", "--preset", "couleur", "--lang", "fr", "--seed", "3", "--records", str(tmp_path),
                input="passe\n")
        assert r.exit_code == 1, r.output
        assert saved_path(r.stdout).exists()
        assert flat(r.stderr) == ("Erreur : l'entrée s'est terminée avant la fin de la partie (tapez q"
                                  " pour l'arrêter) ; la partie est enregistrée")

    def test_the_help_says_what_lang_translates(self) -> None:
        r = run("play", "--help")
        assert r.exit_code == 0
        out = flat(r.stdout)
        assert "Language of the whole game, en or fr, in both games: every label, seat, suit, call" in out
        assert "the help (?) and the hints" in out
        assert "and of the cards, shown and typed (in French R D V" in out
        assert "the error when the input ends mid" in out
        assert "the errors about --bots and --records" in out

    def test_bad_language_exits_2(self, tmp_path: Path) -> None:
        r = run("play", "--preset", "couleur", "--lang", "nl", "--records", str(tmp_path), input="q\n")
        assert r.exit_code == 2
        assert "--lang takes en or fr, not 'nl' (--lang prend en ou fr, pas « nl »)" in r.stderr


# ----- whist simulate ------------------------------------------------------------------------------


@pytest.mark.parametrize("shower", ["bot", "you"])
def test_the_shown_card_and_the_lead_are_said_in_the_language_chosen(tmp_path: Path, shower: str) -> None:
    """The trou partner shows a card whose suit is trump (RULES.md §5.3); who shows it and who
    leads are said in the language of ``--lang`` only: "You show", "Ouest montre", "Nord entame"."""
    rules = rules_of("couleur")

    def shows(s: ColourSession) -> bool:
        return any(isinstance(a, CardCall) and a.kind == "show" and (seat is Seat.S) == (shower == "you")
                   for seat, a in actions_of(s))

    seed, lines, s = find_seed(rules, shows)
    seat = next(seat for seat, a in actions_of(s) if isinstance(a, CardCall) and a.kind == "show")
    en, fr = in_both_languages(rules, seed, lines, tmp_path)
    if shower == "you":
        assert "You show a card: its suit is trump; in " in en  # and what each suit needs
        assert "Vous montrez une carte : sa couleur est l'atout ; en " in fr
    else:
        assert f"{seat.name_en} shows a card: its suit is trump." in en
        assert f"{seat.name_fr} montre une carte : sa couleur est l'atout." in fr
    assert "leads." in en or "You lead." in en
    assert "entame." in fr or "Vous entamez." in fr
    assert "montre une carte" not in en and "entame" not in en and "aide)" not in en
    assert "shows a card" not in fr and "You show" not in fr and " leads" not in fr
    assert "lead / " not in fr and "leads / " not in fr


@pytest.mark.parametrize(("lang", "not_a_card", "over"), [
    ("en", "'{}' is not a card (write rank then suit: AS, TD, 10D, ♦10, 2C) (? for help)",
     "abondance: the auction is over; type a card, like AS or 10C (? for help)"),
    ("fr", "« {} » n'est pas une carte (tapez la valeur puis la couleur : RC roi de cœur, 10K dix"
           " de carreau, DP, VT, AP, ♦10) (? pour l'aide)",
     "abondance : les annonces sont terminées ; tapez une carte, comme AP ou 10T (? pour l'aide)")])
def test_a_mistyped_card_is_refused_as_not_a_card_once_the_auction_is_over(
        tmp_path: Path, lang: str, not_a_card: str, over: str) -> None:
    """In the play, the game asks for a card: a mistyped one is refused as not a card, not as
    "not a call (pass, wait, accept …)", which the auction's refusal says; a call, even unfinished
    (abondance without its suit), is answered that the auction is over and a card is expected
    (test_terminal_language.py has the finished calls)."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input="pass\nZZ\nabondance\n7 coeur\nq\n")
    assert r.exit_code == 0, r.output
    asked = "À vous (Sud) — carte" if lang == "fr" else "Your turn (South) — card"
    assert asked in r.stdout.split("ZZ")[0].splitlines()[-1]
    assert refused(r.stdout) == ["✗ " + not_a_card.format("ZZ"), "✗ " + over,
                                 "✗ " + not_a_card.format("7 coeur")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_names_the_calls_in_the_language_chosen(tmp_path: Path, lang: str) -> None:
    """With --lang fr the calls are shown in French (passe, propose cœur): so are those a hint
    suggests and weighs, in the words the player may type."""
    # pimc's default budget: its nodes, not the wall clock, decide on a loaded machine too (with a
    # tenth of a second the clock stopped it there before it weighed a second call)
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang,
            "--records", str(tmp_path), input="hint\nq\n")
    assert r.exit_code == 0, r.output
    line = next(x for x in r.stdout.splitlines() if x.startswith(("Hint: ", "Conseil : ")))
    shown = re.findall(r"(?:: | · )(\D+?) [+-]?\(?[+-]\d", line)
    assert len(shown) > 1, line
    for text in shown:
        call = parse_call(text)
        assert text == (call.text_fr if lang == "fr" else call.text), line
    assert lang == "en" or any(parse_call(t).text != t for t in shown), line


def test_seat_initials_are_french_with_lang_fr(tmp_path: Path) -> None:
    """The tricks, the score and the declarers of the session table name the seats by their
    initials: N E S W in English, N E S O (Nord, Est, Sud, Ouest) in French, never W for Ouest."""
    rules = rules_of("couleur", deals=1)

    def west_declares(s: ColourSession) -> bool:
        return any(Seat.W in d.view(None).declarers for d in s.match.deals if not d.passed_out)

    seed, lines, s = find_seed(rules, west_declares)
    deal = next(d for d in s.match.deals if not d.passed_out)
    declarers = deal.view(None).declarers
    en, fr = in_both_languages(rules, seed, lines, tmp_path)
    marks = {lang: "(" + ", ".join(letters[d] for d in declarers)
             for lang, letters in (("en", "NESW"), ("fr", "NESO"))}
    assert marks["en"] in en and marks["fr"] in fr
    assert "Tricks N 0 · E 0 · S 0 · W 0" in en
    assert "Levées N 0 · E 0 · S 0 · O 0" in fr and "W 0" not in fr
    assert "Points N 0 · E 0 · S 0 · O 0" in fr


def test_the_last_trick_names_west_o_with_lang_fr(tmp_path: Path) -> None:
    """l shows the last trick, each card after its player's initial: N E S W in English, N E S O
    in French, as the tricks and the score write them (it said W in French too)."""
    rules = rules_of("couleur", deals=1)
    seed = next(seed for seed in range(50) if len(script(rules, seed)[0]) > 6)  # a few tricks
    shown: dict[str, list[set[str]]] = {}
    for lang, say in (("en", english), ("fr", french)):
        lines = [typed for line in script(rules, seed, say=say)[0] for typed in ("l", line)]
        r = play(rules, seed, lines, tmp_path, "--lang", lang)
        assert r.exit_code == 0, r.output
        tricks = [line.split(":", 1)[1].split() for line in r.stdout.splitlines()
                  if line.startswith(("Last trick:", "Dernière levée :"))]
        shown[lang] = [set(words[::2]) for words in tricks]
    assert shown["en"] and len(shown["en"]) == len(shown["fr"])
    assert all(seats == set("NESW") for seats in shown["en"])
    assert all(seats == set("NESO") for seats in shown["fr"])


@pytest.mark.parametrize(("lang", "pause"), [
    ("en", "Press Enter for the next deal (q to quit): "),
    ("fr", "Entrée pour la donne suivante (q pour quitter) : ")])
def test_the_pause_between_deals_is_asked_in_the_language_chosen(lang: Lang, pause: str) -> None:
    """On a terminal the game waits for Enter between deals: in French with --lang fr (it said
    "(q to quit)" there too), once between the two deals of the session."""
    session = ColourSession(rules_of("couleur"), {s: get_bot("random") for s in SEATS if s is not Seat.S}, 4)
    asked: list[str] = []

    def read_line(prompt: Text) -> str:
        if session.needs_deal:
            asked.append(prompt.plain)
            return ""
        return typed_text(session.view(Seat.S).legal[0], lang)

    console = Console(file=io.StringIO(), width=200, color_system=None)
    assert ColourTerminalGame(console, session, Seat.S, read_line, pause=True, lang=lang).run()
    assert asked == [pause]


@pytest.mark.parametrize(("lang", "ahead", "told", "score"), [
    ("en", "KH", "✗ The deal is over: press Enter for the next one (s the score)",
     "Session: 1 of 2 deals played"),
    ("fr", "RC", "✗ La donne est finie : appuyez sur Entrée pour la suivante (s le score)",
     "Partie : 1 donne jouée sur 2")])
def test_a_card_typed_at_the_pause_between_deals_is_said_to_wait(lang: Lang, ahead: str, told: str,
                                                                 score: str) -> None:
    """A card typed ahead at the pause between deals is not taken for Enter without a word (it
    started the next deal and was lost): the game says the deal is over and asks again; ``s``
    there shows the score."""
    session = ColourSession(rules_of("couleur"), {s: get_bot("random") for s in SEATS if s is not Seat.S}, 4)
    typed = [ahead, "s", ""]
    asked: list[str] = []

    def read_line(prompt: Text) -> str:
        if session.needs_deal:
            asked.append(prompt.plain)
            return typed.pop(0)
        return typed_text(session.view(Seat.S).legal[0], lang)

    out = io.StringIO()
    assert ColourTerminalGame(Console(file=out, width=200, color_system=None), session, Seat.S, read_line,
                              pause=True, lang=lang).run()
    assert len(asked) == 3 and typed == [] and out.getvalue().count(told) == 1, out.getvalue()
    assert out.getvalue().count(score) == 2, out.getvalue()  # after the deal, and on s


def test_the_help_and_the_prompt_are_french_with_lang_fr(tmp_path: Path) -> None:
    """With --lang fr, ? explains in French what to type (the calls, a card, the commands), the
    prompt says ? aide and q quitter, and the discard is shown as typed in French (écarte AP, as
    de pique; écarte AS, typed the English way, is understood too); in English, the same in
    English."""
    typed = "?\npetite misère\n?\nécarte AS\n?\nq\n"
    out = {}
    for lang in ("en", "fr"):
        r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
                input=typed)
        assert r.exit_code == 0, r.output
        out[lang] = flat(r.stdout)
    fr, en = out["fr"], out["en"]
    assert "(? aide, q quitter) :" in fr and "(? help, q quit):" not in fr
    assert "Annonces en français ou en anglais : passe, j'attends, j'emballe" in fr
    assert "Écartez une carte face cachée : tapez écarte AP (ou la carte seule)" in fr  # a sentence
    assert "Permis : écarte AP · écarte 5P" in fr
    # said as each one's discard is then said (Est écarte une carte face cachée), no full stop
    assert "Chacun écarte une carte face cachée " in fr and "cachée." not in fr
    assert "Every player discards one card face down " in en and "face down." not in en
    assert "Tapez une carte, la valeur puis la couleur : RC, 10K, DP, VT" in fr
    assert "couleurs P pique, C cœur, K carreau, T trèfle" in fr
    assert fr.count("Commandes : ? aide · t table · a annonces · l dernière levée") == 3
    assert "Commands:" not in fr and "Type a card" not in fr and "Calls in English" not in fr
    assert "(? help, q quit):" in en and "Commandes" not in en
    assert "Discard one card face down: type discard AS (or just the card)" in en
    assert "Legal now: discard AS · discard 5S" in en


def test_the_bots_are_named_in_french_with_lang_fr(tmp_path: Path) -> None:
    """The header names the bots at the other seats in the language of --lang: "Robots : Nord …,
    Ouest …" in French (it said "Bots: North …, West …"), as before in English; classic whist
    too."""
    def header(*args: str) -> str:
        r = run("play", "--seed", "1", "--bots", "random,pimc,heuristic", "--records", str(tmp_path),
                *args, input="q\n")
        assert r.exit_code == 0, r.output
        lines: list[str] = r.stdout.splitlines()
        return next(line for line in lines if line.startswith(("Bots", "Robots")))

    assert header("--preset", "couleur", "--lang", "fr") == "Robots : Nord random, Est pimc, Ouest heuristic"
    assert header("--preset", "couleur", "--lang", "fr", "--seat", "W") == \
        "Robots : Nord random, Est pimc, Sud heuristic"
    assert header("--preset", "couleur") == "Bots: North random, East pimc, West heuristic"
    assert header("--preset", "classic", "--lang", "fr") == "Robots : Nord random, Est pimc, Ouest heuristic"
    assert header("--preset", "classic") == "Bots: North random, East pimc, West heuristic"


@pytest.mark.parametrize("caller", ["bot", "you"])
def test_a_trou_of_four_aces_is_announced_as_four_aces(tmp_path: Path, caller: str) -> None:
    """A player dealt four aces announces trou; his partner holds the highest heart he lacks and
    hearts are trump (RULES.md §5.3, D2): the game says four aces, not three, and why hearts."""
    rules = rules_of("couleur")

    def four_aces(s: ColourSession) -> bool:
        return any(d.trou is not None and (d.trou[0] is Seat.S) == (caller == "you")
                   and d.view(None).four_aces for d in s.match.deals)

    seed, lines, s = find_seed(rules, four_aces)
    who = next(d.trou[0] for d in s.match.deals if d.trou is not None and d.view(None).four_aces)
    en, fr = in_both_languages(rules, seed, lines, tmp_path)
    you = caller == "you"
    assert ("You announce" if you else f"{who.name_en} announces") + " trou (four aces)" in en
    assert ("Vous annoncez" if you else f"{who.name_fr} annonce") + " trou (quatre as)" in fr
    assert "Four aces: the partner is the holder of the highest heart the caller lacks" in en
    assert "Quatre as : le partenaire est celui qui tient le plus haut cœur" in fr


@pytest.mark.parametrize(("lang", "needed"), [
    ("en", "Needed: no trick (12 tricks in the deal)"),
    ("fr", "Il faut : aucune levée (12 levées dans la donne)")])
def test_the_petite_misere_contract_line_says_what_is_needed(tmp_path: Path, lang: str,
                                                             needed: str) -> None:
    """Petite misère (RULES.md §5.5): no trick, in a deal of 12 tricks once each player has
    discarded; the contract line says so as soon as the auction ends, like every contract's."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input="petite misère\nq\n")
    line = next(x for x in re.split("Contract: |Contrat : ", flat(r.stdout))[1:] if "misère" in x)
    assert needed in re.split("Your hand|Votre main", line)[0], line


@pytest.mark.parametrize(("kind", "needed", "en", "fr"), [
    ("chelem", 13, "all 13 tricks", "les 13 levées"),
    ("solo", 7, "at least 7 tricks", "au moins 7 levées"),
    ("grande_misere", 0, "no trick", "aucune levée"),
    ("piccolo", 1, "exactly 1 trick", "exactement 1 levée"),
])
def test_what_is_needed_is_said_as_french_says_it(kind: str, needed: int, en: str, fr: str) -> None:
    """« Il faut : les 13 levées » for a slam (it said « au moins 13 levées »), « aucune levée »
    for a misère (it said « exactement 0 levée »)."""
    c = Contract(kind, needed if kind == "solo" else None)
    assert (_needed(c, needed, "en"), _needed(c, needed, "fr")) == (en, fr)
    if kind == "grande_misere":
        assert _needed(c, 0, "fr", declarers=2) == "aucune levée chacun"


class TestSimulate:
    ARGS = ("simulate", "--preset", "couleur", "--deals", "20", "--seed", "7",
            "--bots", "heuristic,random,heuristic,random")

    def test_same_seed_same_output(self) -> None:
        a = run(*self.ARGS)
        b = run(*self.ARGS)
        assert a.exit_code == 0, a.output
        assert a.stdout_bytes == b.stdout_bytes
        assert "Simulation summary" in a.stdout and " / " not in a.stdout  # English only by default
        assert "partnership" in a.stdout and "Points per seat" in a.stdout
        c = run(*self.ARGS[:5], "--seed", "8", *self.ARGS[-2:])
        assert c.stdout != a.stdout

    def test_in_french_the_summary_and_the_errors(self) -> None:
        """``--lang fr``: the summary in French only, the JSON the same; --rubbers refused in
        French."""
        r = run(*self.ARGS, "--lang", "fr")
        assert r.exit_code == 0, r.output
        for words in ("Résumé de la simulation", "Règles : couleur   graine : 7", "Parties : 2",
                      "donnes jouées : 20", "Redonnes (tous passent) :", "Contrats", "famille",
                      "emballage", "tous passent, misère par les dames", "Points par place", "Ouest",
                      "Robots : N heuristic, E random, S heuristic, O random"):
            assert words in r.stdout, words
        assert " / " not in r.stdout
        assert not re.search(r"\b(Rules|seed|Contracts|family|deals|made|Points per|West)\b", r.stdout)
        per_deal = re.findall(r"([+-]\d+[.,]\d\d) │$", r.stdout, flags=re.M)  # points per deal: 1,25
        assert len(per_deal) == 4 and all("," in n for n in per_deal), r.stdout
        assert re.findall(r"([+-]\d+\.\d\d) │$", run(*self.ARGS).stdout, flags=re.M) == \
            [n.replace(",", ".") for n in per_deal]
        assert run(*self.ARGS, "--lang", "fr", "--json").stdout == run(*self.ARGS, "--json").stdout
        bad = run("simulate", "--preset", "couleur", "--rubbers", "2", "--lang", "fr")
        assert bad.exit_code == 2
        assert bad.stderr.startswith("Erreur : --rubbers est pour le whist classique"), bad.stderr

    @pytest.mark.parametrize(("lang", "header"), [("en", ["family", "deals", "made", "% made"]),
                                                  ("fr", ["famille", "donnes", "réussis", "% réussis"])])
    def test_every_column_of_the_contracts_table_has_its_header(self, lang: str, header: list[str]) -> None:
        """The contracts table names each column in the language of --lang, the share of contracts
        made too; that column is made over deals of its row, and written as the language writes a
        percentage (French: 45 %, a narrow no-break space before the sign)."""
        r = run(*self.ARGS, "--lang", lang)
        assert r.exit_code == 0, r.output
        lines = r.stdout.splitlines()
        top = next(i for i, line in enumerate(lines) if line.startswith("┃") and header[0] in line)
        assert [c.strip() for c in lines[top].strip("┃").split("┃")] == header
        rows = 0
        for line in lines[top + 2:]:
            if not line.startswith("│"):
                break
            _, deals, made, share = (c.strip() for c in line.strip("│").split("│"))
            if deals != "0" and made != "—":  # (all pass has nothing made; no deals, no share)
                sign = "%" if lang == "en" else "\u202f%"  # French: a narrow no-break space before it
                assert share == f"{100 * int(made) / int(deals):.0f}{sign}", line
                rows += 1
        assert rows > 0, r.stdout

    def test_a_replay_counts_the_redeals_apart(self, tmp_path: Path) -> None:
        """A 16-deal session with one deal everybody passed and the dealer dealt again: « 16
        donnes (+1 redonne) » (it said 17 donnes), "16 deals (+1 redeal)"."""
        r = run(*self.ARGS, "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        f = tmp_path / "simulate-couleur-seed7-session0001.json"
        assert "Règles : couleur · 16 donnes (+1 redonne)\n" in run("replay", "--lang", "fr", str(f)).stdout
        assert "Rules: couleur · 16 deals (+1 redeal)\n" in run("replay", str(f)).stdout
        f = tmp_path / "simulate-couleur-seed7-session0002.json"
        assert "Règles : couleur, deals=4 · 4 donnes\n" in run("replay", "--lang", "fr", str(f)).stdout

    def test_json_summary_in_sessions_of_the_preset_length(self) -> None:
        a = run("simulate", "--preset", "pagat", "--deals", "35", "--seed", "1", "--bots", "heuristic",
                "--json")
        b = run("simulate", "--preset", "pagat", "--deals", "35", "--seed", "1", "--bots", "heuristic",
                "--json")
        assert a.exit_code == 0, a.output
        assert a.stdout_bytes == b.stdout_bytes
        s = json.loads(a.stdout)
        assert s["sessions"] == 3  # 16 + 16 + 3
        assert s["deals"] == 35
        assert sum(f["deals"] for f in s["families"].values()) == 35
        assert all(f["made"] <= f["deals"] for f in s["families"].values())
        assert sum(c["deals"] for c in s["contracts"].values()) == 35
        assert sum(s["points"].values()) == 0  # every deal is zero-sum (§5.7)
        assert set(s["families"]) == {"partnership", "solo", "misere", "trou", "all_pass"}

    def test_records_one_per_session_that_replay(self, tmp_path: Path) -> None:
        r = run("simulate", "--preset", "couleur", "--deals", "5", "--seed", "2", "--bots", "random",
                "--records", str(tmp_path), "--json", "--option", "deals=3")
        assert r.exit_code == 0, r.output
        files = sorted(tmp_path.glob("*.json"))
        assert len(files) == 2
        assert json.loads(r.stdout)["records"] == [str(f) for f in files]
        played = []
        for f in files:
            data = record.load(f)
            played.append(data["result"]["played"])
            rr = run("replay", str(f), "--json")
            assert rr.exit_code == 0, rr.output
            assert json.loads(rr.stdout)["result"] == data["result"]
        assert played == [3, 2]

    def test_rubbers_and_deals_belong_to_their_game(self) -> None:
        r = run("simulate", "--preset", "couleur", "--rubbers", "2")
        assert r.exit_code == 2 and "colour whist plays --deals" in r.stderr
        r = run("simulate", "--preset", "classic", "--deals", "2")
        assert r.exit_code == 2 and "--deals is for colour whist" in r.stderr


# ----- whist replay -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def colour_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("colour-records")
    r = run("simulate", "--preset", "couleur", "--deals", "4", "--seed", "5", "--bots", "heuristic",
            "--records", str(d))
    assert r.exit_code == 0, r.output
    return next(d.glob("*.json"))


class TestReplay:
    def test_auction_first_then_tricks(self, colour_record: Path) -> None:
        r = run("replay", str(colour_record))
        assert r.exit_code == 0, r.output
        out = r.stdout
        assert out.index("Auction:") < out.index("Trick  1:")
        assert "Contract:" in out and "Result:" in out
        assert "Session: 4 of 4 deals played" in out

    def test_piped_lines_are_not_wrapped(self, colour_record: Path) -> None:
        """Into a pipe or a file (not a terminal) each line of the replay stays one line, however
        long: the contract line (contract, trump, tricks needed) is one line to ``grep``."""
        out = run("replay", str(colour_record)).stdout
        contract = [line for line in out.splitlines() if line.startswith("Contract:")
                    and "card shown" not in line]  # a trou's first line, before the card is shown
        assert contract and all("Needed:" in line for line in contract), contract
        assert max(len(line) for line in contract) > 80  # long enough to have been wrapped
        assert not any(line.startswith(("cœur", "pique", "carreau", "trèfle", "· "))
                       for line in out.splitlines())

    @pytest.mark.parametrize(("lang", "head"), [("fr", "Règles : pagat · 0 donne (+1 redonne)"),
                                                ("en", "Rules: pagat · 0 deals (+1 redeal)")])
    def test_a_session_stopped_after_a_redeal_counts_its_deals_as_said(
            self, tmp_path: Path, lang: str, head: str) -> None:
        """Stopped at the pause after a deal everybody passed (pagat, seed 1): « 0 donne »,
        singular in French as the session's table says it (« 0 donne jouée »; it said « 0 donnes »)."""
        bots: dict[Seat, Bot] = {seat: get_bot("heuristic") for seat in SEATS if seat is not Seat.S}
        session = ColourSession(preset("pagat"), bots, 1)

        def read_line(prompt: Text) -> str:
            return "q" if session.needs_deal else "pass"

        console = Console(file=io.StringIO(), color_system=None)
        assert not ColourTerminalGame(console, session, Seat.S, read_line, pause=True).run()
        assert [d.passed_out for d in session.match.deals] == [True]
        r = run("replay", "--lang", lang, str(save_match(session, tmp_path)))
        assert r.exit_code == 0, r.output
        assert r.stdout.splitlines()[1] == head, r.stdout

    def test_deal_record_json(self, colour_record: Path, tmp_path: Path) -> None:
        data = record.load(colour_record)
        deal = next(d for d in data["deals"] if not d["result"]["passed"])
        f = tmp_path / "deal.json"
        record.save(deal, f)
        r = run("replay", str(f), "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout) == {"format": record.DEAL_FORMAT, "result": deal["result"]}
        text = run("replay", str(f))
        assert text.exit_code == 0 and "Result:" in text.stdout

    def test_changed_points_exit_1(self, colour_record: Path, tmp_path: Path) -> None:
        data = record.load(colour_record)
        data["deals"][-1]["result"]["points"]["N"] += 1
        f = tmp_path / "bad.json"
        record.save(data, f)
        r = run("replay", str(f))
        assert r.exit_code == 1
        assert "result.points.N differs" in r.stderr and "Traceback" not in r.output

    def test_contracts_are_named_in_the_language_asked(self, tmp_path: Path) -> None:
        """The replay names each contract in the one language of --lang: slam, small misère,
        open misère in English, chelem, petite misère, grande misère sur table in French, never
        both."""
        r = run("simulate", "--preset", "pagat", "--deals", "16", "--seed", "12", "--bots",
                "heuristic,random,random,heuristic", "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        f = str(next(tmp_path.glob("*.json")))

        def contracts(lang: str, heads: tuple[str, str], colon: str) -> list[str]:
            out = run("replay", f, "--lang", lang).stdout
            return [" ".join(line.split()).split(colon, 1)[1] for line in out.splitlines()
                    if line.startswith(heads)]

        en = contracts("en", ("Contract:", "Result:"), ": ")
        fr = contracts("fr", ("Contrat :", "Résultat :"), " : ")
        names = {"slam": "chelem", "small misère": "petite misère", "large misère": "grande misère",
                 "open misère": "grande misère sur table"}
        named = [(e, fr_line) for e, fr_line in zip(en, fr, strict=True)
                 for name in names if e.startswith(name)]
        assert named, en
        for e, fr_line in named:
            name = next(n for n in names if e.startswith(n))
            assert fr_line.startswith(names[name]), (e, fr_line)
            assert "/" not in e and "/" not in fr_line and name not in fr_line

    def test_in_french_labels_seats_cards_and_the_session(self, colour_record: Path) -> None:
        """``--lang fr``: the auction, contract, tricks, results and session table in French only,
        the cards with R D V; the JSON the same as in English."""
        out = run("replay", str(colour_record), "--lang", "fr").stdout
        for words in ("Donne 1\n", "Donneur ", "Annonces :", "Contrat :", "Levée  1 : ", " entame — ",
                      "Résultat :", "Partie : 4 donnes jouées sur 4", "totaux"):
            assert words in out, words
        assert " / " not in out
        assert not re.search(r"\b(Deal|Auction|Contract|Trick|leads|Result|Session|pass|tricks)\b", out)
        assert re.search(r"[RDV][♠♥♦♣]", out) and not re.search(r"[KQJ][♠♥♦♣]", out)
        assert run("replay", str(colour_record), "--lang", "fr", "--json").stdout == \
            run("replay", str(colour_record), "--json").stdout

    def test_a_bad_deck_card_is_named_once(self, colour_record: Path, tmp_path: Path) -> None:
        data = record.load(colour_record)
        first = data["deals"][0]["deck"].split()[5]
        data["deals"][0]["deck"] = data["deals"][0]["deck"].replace(first, "XX")
        f = tmp_path / "bad-deck.json"
        record.save(data, f)
        r = run("replay", str(f), "--json")
        assert r.exit_code == 1
        assert r.stderr.startswith("Error: deal 1: deck: 'XX' is not a card")
        assert r.stderr.count("deal 1") == 1
        assert json.loads(r.stdout)["error"].startswith("deal 1: deck: 'XX' is not a card")


# ----- whist score ----------------------------------------------------------------------------------


class TestScore:
    def test_json_is_exactly_the_points(self) -> None:
        r = run("score", "--preset", "couleur", "--contract", "solo 7", "--trump", "H", "--declarers", "N",
                "--tricks", "8", "--json")
        assert r.exit_code == 0, r.output
        assert r.stdout == '{"N": 21, "E": -7, "S": -7, "W": -7}\n'

    @pytest.mark.parametrize(("args", "points"), [
        (["--contract", "emballage 9", "--declarers", "N,S", "--tricks", "10"], [7, -7, 7, -7]),
        (["--contract", "petite misère", "--declarers", "E,W", "--tricks", "E=0,W=1"], [3, 15, 3, -21]),
        (["--contract", "small misère", "--declarers", "E", "--tricks", "0"], [-6, 18, -6, -6]),
        (["--contract", "grande misère sur table", "--declarers", "W", "--tricks", "0"],
         [-16, -16, -16, 48]),
        (["--contract", "chelem", "--declarers", "S", "--tricks", "12"], [20, 20, -60, 20]),
        (["--contract", "trou", "--declarers", "N+S", "--tricks", "8", "--needed", "9"], [-7, 7, -7, 7]),
        (["--contract", "piccolo", "--declarers", "N,E", "--tricks", "N=1,E=1"], [18, 18, -18, -18]),
        (["--contract", "dames", "--queens", "N=2,E=1,S=1"], [-10, -5, -5, 20]),
        (["--contract", "solo 6", "--declarers", "S", "--tricks", "6", "--double"], [-10, -10, 30, -10]),
        (["--preset", "pagat", "--contract", "solo 5", "--declarers", "N", "--tricks", "5"], [9, -3, -3, -3]),
        (["--preset", "pagat", "--contract", "emballage 8", "--declarers", "N,S", "--tricks", "8"],
         [8, -8, 8, -8]),
    ])
    def test_points_of_one_deal(self, args: list[str], points: list[int]) -> None:
        r = run("score", *args, "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout) == dict(zip("NESW", points, strict=True))

    def test_text_output_names_the_contract_and_the_outcome(self) -> None:
        r = run("score", "--contract", "petite misère", "--declarers", "E,W", "--tricks", "E=0,W=1")
        assert r.exit_code == 0, r.output
        assert "small misère" in r.stdout
        assert "E made, W failed" in flat(r.stdout)
        assert "+15" in r.stdout and "-21" in r.stdout
        # four open misères all made score 0 each, and are made (§5.7 pagat)
        r = run("score", "--preset", "pagat", "--contract", "open misère", "--declarers", "N,E,S,W",
                "--tricks", "N=0,E=0,S=0,W=0")
        assert r.exit_code == 0, r.output
        assert "made" in flat(r.stdout) and "failed" not in r.stdout  # une misère

    @pytest.mark.parametrize(("lang", "suit"), [("en", "♣"), ("fr", "cœur")])
    def test_the_trump_letter_c_is_read_as_the_language_reads_it(self, lang: str, suit: str) -> None:
        """``C`` is clubs in English and cœur in French, as in ``whist play --lang fr`` (README):
        in ``--trump`` and after the contract alike, so a French secretary's ``solo 7 C`` is a
        solo in hearts, and ``K``, ``P``, ``T`` keep their French reading."""
        for args in (["--contract", "solo 7", "--trump", "C"], ["--contract", "solo 7 C"]):
            r = run("score", *args, "--declarers", "N", "--tricks", "7", "--lang", lang)
            assert r.exit_code == 0, r.output
            assert f"solo 7 {suit}" in r.stdout.splitlines()[0]
        r = run("score", "--contract", "solo 7", "--trump", "T", "-d", "N", "-t", "7", "--lang", "fr")
        assert "solo 7 trèfle" in r.stdout

    def test_a_joint_piccolo_that_fails_is_failed_for_both(self) -> None:
        """RULES.md §5.7, D13: couleur's piccolo of two is one contract; North's single trick does
        not make it his while East took two: both fail, both −18, one word for both."""
        r = run("score", "--contract", "piccolo", "--declarers", "N,E", "--tricks", "N=1,E=2")
        assert r.exit_code == 0, r.output
        assert r.stdout.splitlines()[0].rstrip().endswith("· failed"), r.stdout
        assert "made" not in r.stdout

    def test_french_names_the_seats_in_french(self) -> None:
        """--lang fr: the column heads were North, East … under a French contract name; West's
        initial is O (Ouest), as the terminal game writes it."""
        r = run("score", "--contract", "solo 7", "--declarers", "N", "--tricks", "8", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "Nord (N)" in r.stdout and "Ouest (O)" in r.stdout and "North" not in r.stdout
        r = run("score", "--contract", "solo 7", "-d", "N", "-t", "8")
        assert "North (N)" in r.stdout and "West (W)" in r.stdout

    @pytest.mark.parametrize("west", ["W", "O"])
    def test_west_is_o_in_french_and_w_in_english(self, west: str) -> None:
        """The declarers, tricks, queens and outcome name West by his initial in the language
        asked: O (Ouest) in French, W in English; W and O are read in both."""
        args = ["--contract", "petite misère", "--declarers", f"N,{west}", "--tricks", f"N=0,{west}=1"]
        r = run("score", *args, "--lang", "fr")
        assert r.exit_code == 0, r.output
        fr = flat(r.stdout)
        assert "preneurs N+O · levées N=0 O=1 · N réussie, O chutée" in fr
        assert "W" not in fr
        en = flat(run("score", *args).stdout)
        assert "declarers N+W · tricks N=0 W=1 · N made, W failed" in en
        queens = ["--contract", "dames", "--queens", f"N=2,{west}=1,S=1"]
        assert "dames N=2 S=1 O=1" in flat(run("score", *queens, "--lang", "fr").stdout)
        assert "queens N=2 S=1 W=1" in flat(run("score", *queens).stdout)

    @pytest.mark.parametrize(("args", "words"), [
        (["--contract", "tarot", "--declarers", "N", "--tricks", "8"], "'tarot' is not a contract"),
        (["--contract", "solo 9", "--declarers", "N", "--tricks", "8"], "solo 9 does not exist"),
        (["--preset", "pagat", "--contract", "piccolissimo", "--declarers", "N", "--tricks", "2"],
         "piccolissimo is not played in pagat"),
        # the preset's levels: couleur has no solo 5, pagat has (RULES.md §5.4)
        (["--contract", "solo 5", "--declarers", "N", "--tricks", "5"],
         "solo 5 does not exist in couleur (solo: 6, 7, 8)"),
        (["--contract", "solo 9", "--trump", "H", "--declarers", "N", "--tricks", "9"],
         "solo 9 does not exist in couleur (solo: 6, 7, 8)"),
        (["--preset", "pagat", "--contract", "solo 9", "--declarers", "N", "--tricks", "9"],
         "solo 9 does not exist in pagat (solo: 5, 6, 7, 8)"),
        (["--contract", "solo 7", "--declarers", "N,E", "--tricks", "8"], "solo is played by 1 declarer"),
        (["--contract", "emballage 8", "--declarers", "N", "--tricks", "8"], "played by 2 declarers"),
        (["--contract", "solo 7", "--declarers", "N", "--tricks", "14"], "a deal has 13 tricks, not 14"),
        (["--contract", "solo 7", "--declarers", "X", "--tricks", "8"], "'X' is not a seat"),
        (["--contract", "solo 7", "--declarers", "N"], "give the tricks"),
        (["--contract", "trou", "--declarers", "N,S", "--tricks", "8", "--needed", "10"],
         "a trou needs 8 or 9 tricks"),
        (["--preset", "classic", "--contract", "solo 7", "--declarers", "N", "--tricks", "8"],
         "scored with preset couleur or pagat"),
        (["--contract", "dames"], "needs the queens"),
        (["--contract", "petite misère", "--declarers", "N", "--tricks", "13"],
         "petite misère has 12 tricks"),
        (["--contract", "petite misère", "--declarers", "N,E", "--tricks", "N=7,E=6"],
         "petite misère has 12 tricks"),
    ])
    def test_impossible_input_exits_2(self, args: list[str], words: str) -> None:
        r = run("score", *args, "--json")
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, (args, r.stderr)
        assert r.stdout == ""
        assert "Traceback" not in r.output


# ----- whist sheet ---------------------------------------------------------------------------------


class TestSheet:
    def sheet(self, tmp_path: Path, *args: str) -> Any:
        return run("sheet", *args, "--file", str(tmp_path / "sheet.json"))

    def test_a_session_at_a_real_table(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        r = self.sheet(tmp_path, "new", "--preset", "couleur", "--names", "N=Anne,E=Bert,S=Carla,W=Dirk")
        assert r.exit_code == 0, r.output
        for args in (["add", "solo", "7", "--declarers", "N", "--tricks", "8", "--trump", "H"],
                     ["add", "emballage 8", "--declarers", "N,S", "--tricks", "9"],
                     ["add", "petite", "misère", "--declarers", "E,W", "--tricks", "E=0,W=1"],
                     ["penalty", "W"],
                     ["add", "trou", "--declarers", "S,W", "--tricks", "7", "--needed", "9", "--double"],
                     ["add", "chelem", "--declarers", "E", "--tricks", "13"]):
            r = self.sheet(tmp_path, *args)
            assert r.exit_code == 0, (args, r.output)
        assert "Totals: Anne 29 · Bert 79 · Carla -35 · Dirk -88" in r.stdout
        r = self.sheet(tmp_path, "undo")
        assert r.exit_code == 0, r.output
        assert "Removed #6" in r.stdout
        assert "Totals: Anne 49 · Bert 19 · Carla -15 · Dirk -68" in r.stdout
        shown = self.sheet(tmp_path, "show")
        assert shown.exit_code == 0, shown.output
        flat = " ".join(shown.stdout.split())
        for words in ("Anne (N)", "Bert (E)", "Carla (S)", "Dirk (W)", "solo 7 ♥", "penalty",
                      "trou (9) ×2", "totals"):
            assert words in flat, words
        data = json.loads(self.sheet(tmp_path, "show", "--json").stdout)
        assert data["totals"] == {"N": 49, "E": 19, "S": -15, "W": -68}
        assert [e["totals"]["W"] for e in data["entries"]] == [-7, -14, -35, -50, -68]
        assert json.loads(f.read_text(encoding="utf-8")) == data

        csv_file = tmp_path / "sheet.csv"
        r = self.sheet(tmp_path, "export", "--csv", str(csv_file), "--json", str(tmp_path / "copy.json"))
        assert r.exit_code == 0, r.output
        header = csv_file.read_text(encoding="utf-8-sig").splitlines()[0]
        assert header.startswith("contract,declarers,tricks")
        assert json.loads((tmp_path / "copy.json").read_text(encoding="utf-8")) == data

        other = tmp_path / "other.json"
        assert run("sheet", "new", "--file", str(other)).exit_code == 0
        r = run("sheet", "import", str(csv_file), "--file", str(other))
        assert r.exit_code == 0, r.output
        assert "Imported 5 entries" in r.stdout
        assert json.loads(other.read_text(encoding="utf-8"))["totals"] == data["totals"]

    @pytest.mark.parametrize(("args", "words"), [
        (["add", "solo", "7", "--declarers", "N", "--tricks", "14"], "a deal has 13 tricks, not 14"),
        (["add", "solo", "7", "--declarers", "Z", "--tricks", "8"], "'Z' is not a seat"),
        (["add", "solo", "5", "--declarers", "N", "--tricks", "6"],
         "solo 5 does not exist in couleur (solo: 6, 7, 8)"),
        (["add", "solo", "14", "H", "-d", "N", "-t", "3"],
         "solo 14 does not exist in couleur (solo: 6, 7, 8)"),
        (["add", "piccolo", "--declarers", "N", "--tricks", "1"], "played by 2 declarers"),
        (["add", "solo", "7", "--declarers", "N", "--tricks", "N=7,E=1"], "E is not a declarer"),
        (["add", "bridge", "--declarers", "N", "--tricks", "7"], "'bridge' is not a contract"),
        (["penalty", "Q"], "offender 'Q': 'Q' is not a seat"),
        (["new", "--force", "--names", "N=Anne,E=Anne,S=,W=Zoë"], "the name of S ('S=') is empty"),
        (["new", "--force", "--names", "N=Anne,S=\u200b\u00ad"], r"the name of S ('S=\u200b\xad') is empty"),
        (["new", "--force", "--names", "N=Anne,E"], "'E' is not seat=name"),
        (["new", "--force", "--names", "N=Anne,n=Bob"], "N is named twice ('Anne' and 'Bob')"),
        (["new", "--force", "--names", "N=Anne E=Bert"],
         "the name of N ('Anne E=Bert') holds '=': separate the seats with commas (N=Anne,E=Bert)"),
        (["add", "petite misère", "-d", "N,N", "-t", "N=0"], "declarers 'N,N': N is named twice"),
    ])
    def test_an_impossible_entry_leaves_the_file_byte_identical(self, tmp_path: Path, args: list[str],
                                                                 words: str) -> None:
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--names", "N=Anne").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        before = f.read_bytes()
        r = self.sheet(tmp_path, *args)
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, r.stderr
        assert "Traceback" not in r.output
        assert f.read_bytes() == before
        assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary file left

    @pytest.mark.parametrize(("names", "shown"), [("N=\udcff", r"N=\xff"),
                                                  ("Anne,B\udce9rt,Carla,Dirk", r"Anne,B\xe9rt,Carla,Dirk")])
    def test_names_in_bytes_that_are_no_utf8_are_refused_as_such(self, tmp_path: Path, names: str,
                                                                 shown: str) -> None:
        """A name typed in a terminal set to Latin-1 (the byte é is there, \\xe9, which Python
        passes on as a lone surrogate) is refused as not UTF-8, the bytes shown: it was said to be
        empty, and the é of Bert dropped without a word (Brt)."""
        for lang, said in (("en", f"Error: --names '{shown}': it is not UTF-8 text; type the names in UTF-8"
                                  " (the terminal may be set to another encoding)"),
                           ("fr", f"Erreur : --names « {shown} » : ce n'est pas du texte UTF-8 ; tapez les"
                                  " noms en UTF-8 (le terminal est peut-être réglé sur un autre codage)")):
            r = self.sheet(tmp_path, "new", "--names", names, "--lang", lang)
            assert r.exit_code == 2 and " ".join(r.stderr.split()) == said, r.output
            assert list(tmp_path.iterdir()) == []

    def test_an_impossible_csv_row_imports_nothing(self, tmp_path: Path) -> None:
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        before = f.read_bytes()
        bad = tmp_path / "bad.csv"
        bad.write_text("contract,declarers,tricks\nsolo 6,N,7\nsolo 6,N,15\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(bad))
        assert r.exit_code == 2
        assert "line 3: a deal has 13 tricks, not 15" in r.stderr
        assert "nothing was imported" in r.stderr
        assert f.read_bytes() == before

    def test_points_in_the_csv_that_the_table_does_not_give_are_named(self, tmp_path: Path) -> None:
        """The sheet scores by the preset's table (§5.7): a row whose stated points differ is
        imported with the table's points, and the import says which row differed."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        rows = tmp_path / "rows.csv"
        rows.write_text("contract,declarers,tricks,points_N,points_E,points_S,points_W\n"
                        "solo 6,N,7,+21,-7,-7,-7\nsolo 6,N,7,999,-7,-7,-7\nsolo 6,N,7,,,,\n",
                        encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(rows))
        assert r.exit_code == 0, r.output
        assert "line 3: the file says 999 -7 -7 -7, the table N +21 E -7 S -7 W -7" in r.stderr
        assert "line 2" not in r.stderr and "line 4" not in r.stderr
        assert json.loads(f.read_text(encoding="utf-8"))["totals"]["N"] == 63

    def test_undo_on_an_empty_sheet_and_no_sheet(self, tmp_path: Path) -> None:
        r = self.sheet(tmp_path, "show")
        assert r.exit_code == 2 and "start one with `whist sheet new`" in r.stderr
        assert self.sheet(tmp_path, "new").exit_code == 0
        r = self.sheet(tmp_path, "undo")
        assert r.exit_code == 2 and "the sheet is empty" in r.stderr
        r = self.sheet(tmp_path, "new")
        assert r.exit_code == 2 and "already holds a sheet" in r.stderr
        assert self.sheet(tmp_path, "new", "--force", "--preset", "pagat").exit_code == 0
        r = self.sheet(tmp_path, "export")
        assert r.exit_code == 2 and "--csv FILE and/or --json FILE" in r.stderr

    @pytest.mark.parametrize(("content", "en", "fr"), [
        ("{not json", "is not a valid score sheet: Expecting property name",
         "n'est pas une feuille de marque valable : JSON illisible"),
        ('{"preset": "couleur", "entries": [{"contract": "solo 7", "declarers": "N", "tricks": "14"}]}',
         "is not a valid score sheet", "n'est pas une feuille de marque valable"),
        ("[1, 2]", "is not a valid score sheet: not a score sheet",
         "n'est pas une feuille de marque valable : pas une feuille de marque"),
    ])
    def test_a_damaged_file_is_refused_as_any_sheet_error(self, tmp_path: Path, content: str, en: str,
                                                          fr: str) -> None:
        """Exit 2, as every other refusal of the sheet (a missing file, an impossible entry)."""
        (tmp_path / "sheet.json").write_text(content, encoding="utf-8")
        for args in (["add", "solo 6", "-d", "E", "-t", "7"], ["show"], ["export", "--json", "-"]):
            r = self.sheet(tmp_path, *args)
            assert r.exit_code == 2 and en in flat(r.stderr) and fr not in r.stderr, (args, r.output)
            r = self.sheet(tmp_path, *args, "--lang", "fr")
            assert r.exit_code == 2 and r.stderr.startswith("Erreur : ") and fr in flat(r.stderr), r.output
            assert r.stdout == ""
        assert (tmp_path / "sheet.json").read_text(encoding="utf-8") == content

    def test_csv_and_json_both_on_stdout_are_refused(self, tmp_path: Path) -> None:
        """`--csv - --json -` would write the two formats one after the other, a file that is
        neither CSV nor JSON."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        for lang, says in (("en", "--csv - and --json - would both write on the standard output"),
                           ("fr", "--csv - et --json - écriraient tous deux sur la sortie standard")):
            r = self.sheet(tmp_path, "export", "--csv", "-", "--json", "-", "--lang", lang)
            assert r.exit_code == 2 and says in flat(r.stderr) and r.stdout == "", r.output
        for option in ("--csv", "--json"):
            r = self.sheet(tmp_path, "export", option, "-")
            assert r.exit_code == 0 and r.stdout, r.output

    def test_one_entry_imported_is_said_so(self, tmp_path: Path) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        rows = tmp_path / "rows.csv"
        rows.write_text("contract,declarers,tricks\nsolo 6,N,7\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(rows))
        assert r.exit_code == 0 and "Imported 1 entry from" in r.stdout

    @pytest.mark.parametrize("target", ["sheet.json", "./sheet.json", "link.json"])
    def test_an_export_onto_the_sheet_itself_is_refused(self, tmp_path: Path, target: str) -> None:
        """`export --csv whist-sheet.json` used to write the CSV over the sheet, which then no
        longer opened."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        (tmp_path / "link.json").symlink_to(f)
        before = f.read_bytes()
        for option in ("--csv", "--json"):
            r = self.sheet(tmp_path, "export", option, str(tmp_path / target))
            assert r.exit_code == 2, r.output
            assert "is the sheet's own file: export to another file" in r.stderr
            assert f.read_bytes() == before

    def test_csv_and_json_exported_to_one_file_are_refused(self, tmp_path: Path) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        out = str(tmp_path / "out.txt")
        r = self.sheet(tmp_path, "export", "--csv", out, "--json", out)
        assert r.exit_code == 2 and "--csv and --json both name" in r.stderr
        assert not (tmp_path / "out.txt").exists()

    @pytest.mark.parametrize("lang", ["en", "fr"])
    def test_an_export_does_not_replace_a_file_without_force(self, tmp_path: Path, lang: str) -> None:
        """`export --csv notes.csv` wrote over whatever notes.csv held, without a word. A file
        already there is now refused, as `whist sheet new` refuses an existing sheet, nothing
        written (not the other file either); --force replaces it."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        notes, fresh = tmp_path / "notes.csv", tmp_path / "fresh.json"
        notes.write_text("keep\n", encoding="utf-8")
        said = {"en": f"Error: {notes} already exists: export to another file, or replace it with --force",
                "fr": f"Erreur : {notes} existe déjà : exportez vers un autre fichier, ou remplacez-le avec"
                      " --force"}[lang]
        for args in (["--csv", str(notes)], ["--json", str(fresh), "--csv", str(notes)]):
            r = self.sheet(tmp_path, "export", *args, "--lang", lang)
            assert r.exit_code == 2 and r.stdout == "", r.output
            assert " ".join(r.stderr.split()) == said, r.stderr
            assert notes.read_text(encoding="utf-8") == "keep\n" and not fresh.exists()
        (tmp_path / "link.json").symlink_to(tmp_path / "nowhere.json")
        r = self.sheet(tmp_path, "export", "--json", str(tmp_path / "link.json"), "--lang", lang)
        assert r.exit_code == 2 and "link.json" in r.stderr and not (tmp_path / "nowhere.json").exists()
        r = self.sheet(tmp_path, "export", "--csv", str(notes), "--json", str(fresh), "--force")
        assert r.exit_code == 0, r.output
        assert notes.read_text(encoding="utf-8-sig").startswith("contract,") and fresh.exists()
        r = self.sheet(tmp_path, "export", "--json", str(fresh))
        assert r.exit_code == 2 and "fresh.json already exists" in r.stderr

    def test_an_export_that_cannot_be_written_whole_leaves_no_part_of_it(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """A full disk: the export is written to a temporary file and renamed only once it is
        whole, so the file named is as it was (or not there), and no temporary file is left."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        out = tmp_path / "out.csv"

        def full(fd: int) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(os, "fsync", full)
        r = self.sheet(tmp_path, "export", "--csv", str(out))
        assert r.exit_code == 1 and f"cannot write {out}: No space left on device" in r.stderr, r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.json"]
        out.write_text("keep\n", encoding="utf-8")
        r = self.sheet(tmp_path, "export", "--csv", str(out), "--force")
        assert r.exit_code == 1 and out.read_text(encoding="utf-8") == "keep\n", r.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "sheet.json"]

    def test_a_read_only_file_is_not_replaced(self, tmp_path: Path) -> None:
        """Renaming a new file over a read-only one needs only the directory's permission: a
        sheet (or an export) the user made read-only is refused instead of replaced."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        f.chmod(0o444)
        before = f.read_bytes()
        r = self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7")
        assert r.exit_code == 1 and "cannot write" in r.stderr and "it is read-only" in r.stderr
        assert f.read_bytes() == before
        out = tmp_path / "out.csv"
        out.write_text("keep\n", encoding="utf-8")
        out.chmod(0o444)
        r = self.sheet(tmp_path, "export", "--csv", str(out), "--force")
        assert r.exit_code == 1 and "it is read-only" in r.stderr
        assert out.read_text(encoding="utf-8") == "keep\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv", "sheet.json"]

    def while_another_adds(self, tmp_path: Path, command: list[str]) -> tuple[Any, str]:
        """``whist sheet COMMAND`` run while another scorer adds to the sheet (one entry, solo 6 by
        N, there before): the other is this test, which holds the lock as the command starts,
        checks that it waits, writes its own entry, solo 7 by S (renamed over the file, as whist
        writes), then lets go. The sheet's JSON then, and the command's output."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "N", "-t", "7").exit_code == 0
        other = tmp_path / "other.json"
        with f.open("rb") as held:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)
            proc = subprocess.Popen([*WHIST, "sheet", *command, "--file", str(f)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            wait_for_the_lock(proc)
            shutil.copy(f, other)
            assert run("sheet", "add", "solo 7", "-d", "S", "-t", "8", "--file", str(other)).exit_code == 0
            os.replace(other, f)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        return json.loads(f.read_text(encoding="utf-8")), out

    @pytest.mark.parametrize("command", [["add", "solo 6", "-d", "E", "-t", "7"], ["penalty", "W"], ["undo"]])
    def test_two_scorers_at_once_both_keep_their_entry(self, tmp_path: Path, command: list[str]) -> None:
        """Two ``whist sheet`` commands on one file at once: the second read the sheet before the
        first wrote it, and wrote over it, the first scorer's entry lost (twelve adds at once left
        seven entries). A command that changes the sheet now waits for the other's lock and reads
        the sheet the other wrote."""
        data, out = self.while_another_adds(tmp_path, command)
        contracts = [e.get("contract") for e in data["entries"]]
        assert contracts == {"add": ["solo 6", "solo 7", "solo 6"], "undo": ["solo 6"],
                             "penalty": ["solo 6", "solo 7", "penalty"]}[command[0]], (contracts, out)

    def test_a_sheet_started_over_waits_for_the_scorer_adding_to_it(self, tmp_path: Path) -> None:
        """``new --force`` while another scorer adds: it replaced the sheet at once, and the other,
        who had read the old sheet, then wrote it back with the entry over the new one, the new
        sheet lost. It now waits for the other's lock, as an entry does, and starts over after."""
        data, _ = self.while_another_adds(tmp_path, ["new", "--force", "--names", "Anne,Bert,Carla,Dirk"])
        assert data["entries"] == [] and data["names"]["N"] == "Anne"

    def test_a_sheet_named_through_a_symbolic_link_is_written_through_it(self, tmp_path: Path) -> None:
        """--file link.json, a link to the club's sheet in another folder: the entry was written
        over the link, which became a sheet of its own, the club's sheet left without it."""
        (tmp_path / "club").mkdir()
        real = tmp_path / "club" / "sheet.json"
        assert run("sheet", "new", "--file", str(real)).exit_code == 0
        link = tmp_path / "link.json"
        link.symlink_to(Path("club") / "sheet.json")
        assert run("sheet", "add", "solo 6", "-d", "E", "-t", "7", "--file", str(link)).exit_code == 0
        assert link.is_symlink() and link.resolve() == real.resolve()
        assert len(json.loads(real.read_text(encoding="utf-8"))["entries"]) == 1
        assert sorted(p.name for p in real.parent.iterdir()) == ["sheet.json"]

    def test_import_reads_the_standard_input_as_export_writes_the_standard_output(
            self, tmp_path: Path) -> None:
        """``whist sheet export --csv - | whist sheet import -``: import read a file named « - »,
        which was not there."""
        assert self.sheet(tmp_path, "new").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7").exit_code == 0
        csv_text = self.sheet(tmp_path, "export", "--csv", "-").stdout
        other = tmp_path / "other.json"
        assert run("sheet", "new", "--file", str(other)).exit_code == 0
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other)], input=csv_text)
        assert r.exit_code == 0, r.output
        assert json.loads(other.read_text(encoding="utf-8"))["entries"] == json.loads(
            (tmp_path / "sheet.json").read_text(encoding="utf-8"))["entries"]
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(other)], input="")
        assert r.exit_code == 2 and "the CSV needs a header" in " ".join(r.stderr.split()), r.stderr

    def test_a_csv_typed_on_the_standard_input_holds_no_lock(self, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
        """`whist sheet import -` locked the sheet, then waited for the CSV: another scorer's
        `whist sheet add` waited as long as the CSV was being typed. The CSV is now read first,
        the lock taken after: here, while it is typed, the other scorer adds a deal at once, and
        the sheet keeps it and the rows imported after it."""
        import typer.testing

        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new").exit_code == 0
        held: list[bool] = []

        class Typing(io.BytesIO):
            def read(self, size: int | None = -1) -> bytes:
                with f.open("rb") as other:
                    try:
                        fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except BlockingIOError:
                        held.append(True)
                    else:
                        held.append(False)
                        fcntl.flock(other.fileno(), fcntl.LOCK_UN)
                if held == [False]:  # the other scorer's deal, by another process
                    done = subprocess.run([*WHIST, "sheet", "add", "solo 7", "-d", "S", "-t", "8", "--file",
                                           str(f)], capture_output=True, text=True, timeout=120)
                    assert done.returncode == 0, done.stderr
                return super().read(size)

        monkeypatch.setattr(typer.testing, "make_input_stream",
                            lambda text, charset: Typing(text.encode(charset)))
        r = runner.invoke(app, ["sheet", "import", "-", "--file", str(f)],
                          input="contract,declarers,tricks\nsolo 6,E,7\n")
        assert r.exit_code == 0 and "Imported 1 entry from -" in r.stdout, r.output
        assert held == [False]
        entries = json.loads(f.read_text(encoding="utf-8"))["entries"]
        assert [e["contract"] for e in entries] == ["solo 7", "solo 6"]

    def test_ctrl_c_while_a_csv_is_typed_leaves_the_sheet_unchanged(self, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
        import typer.testing

        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--lang", "fr").exit_code == 0
        before = f.read_bytes()

        class Interrupted(io.BytesIO):
            def read(self, size: int | None = -1) -> bytes:
                raise KeyboardInterrupt

        monkeypatch.setattr(typer.testing, "make_input_stream", lambda text, charset: Interrupted())
        for lang, said in ((None, f"Erreur : interrompu : {f} n'a pas changé"),
                           ("en", f"Error: interrupted: {f} is unchanged")):
            r = runner.invoke(app, ["sheet", "import", "-", "--file", str(f),
                                    *(["--lang", lang] if lang else [])], input="")
            assert r.exit_code == 130 and said in " ".join(r.stderr.split()), r.output
            assert f.read_bytes() == before

    def test_two_scorers_starting_one_sheet_at_once_the_second_is_refused(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Both saw no sheet there and both wrote one, the second replacing the first. Here the
        other scorer's sheet appears while this one's is being made."""
        from whist.sheet_input import new_sheet as real

        f = tmp_path / "sheet.json"
        calls: list[int] = []

        def other_first(*args: Any) -> Any:
            calls.append(len(calls))
            if calls == [0]:  # this scorer's sheet is being made: the other's is saved now
                r = run("sheet", "new", "--names", "Anne,Bert,Carla,Dirk", "--file", str(f))
                assert r.exit_code == 0, r.output
            return real(*args)

        monkeypatch.setattr("whist.cli_sheet.new_sheet", other_first)
        r = self.sheet(tmp_path, "new", "--names", "Zoé,Yves,Xavier,Willy")
        assert r.exit_code == 2 and "already holds a sheet" in r.stderr, r.output
        assert json.loads(f.read_text(encoding="utf-8"))["names"]["N"] == "Anne"
        monkeypatch.setattr("whist.cli_sheet.new_sheet", real)
        r = run("sheet", "new", "--file", str(tmp_path / "none" / "s.json"))
        assert r.exit_code == 1 and not (tmp_path / "none").exists()

    def test_a_file_system_without_locks_still_takes_the_entry(
            self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        """Some network file systems refuse flock: the sheet is written as it was before there was
        a lock, not a traceback."""
        assert self.sheet(tmp_path, "new").exit_code == 0

        def refused(fd: int, operation: int) -> None:
            raise OSError(errno.ENOLCK, "No locks available")

        monkeypatch.setattr(fcntl, "flock", refused)
        r = self.sheet(tmp_path, "add", "solo 6", "-d", "E", "-t", "7")
        assert r.exit_code == 0, r.output
        assert len(json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))["entries"]) == 1

    def test_ctrl_c_while_waiting_for_the_other_scorer(self, tmp_path: Path) -> None:
        """Ctrl-C while a command waits for another's lock: exit 130, in the sheet's language,
        the sheet unchanged."""
        f = tmp_path / "sheet.json"
        assert self.sheet(tmp_path, "new", "--lang", "fr").exit_code == 0
        before = f.read_bytes()
        with f.open("rb") as held:
            fcntl.flock(held.fileno(), fcntl.LOCK_EX)
            proc = subprocess.Popen([*WHIST, "sheet", "undo", "--file", str(f)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            wait_for_the_lock(proc)
            proc.send_signal(signal.SIGINT)
            err = proc.communicate(timeout=60)[1]
        assert proc.returncode == 130 and err == f"Erreur : interrompu : {f} n'a pas changé\n", err
        assert f.read_bytes() == before

    @pytest.mark.parametrize("columns", [80, 60, 45])
    def test_the_contract_stays_legible_on_a_narrow_terminal(self, tmp_path: Path, columns: int) -> None:
        """Four ordinary names at 80 columns squeezed the contract to "gr… mi…": the contract
        keeps whole words and the names wrap (their seat on a line of its own), shortened with …
        only where that is not enough; the points are never cut and no line is wider than the
        terminal."""
        names = "N=Françoise,E=Jean-Pierre,S=Marie-Claire,O=Dominique"
        assert self.sheet(tmp_path, "new", "--names", names).exit_code == 0
        assert self.sheet(tmp_path, "add", "grande misère", "-d", "N,E", "-t", "N=0,E=1").exit_code == 0
        assert self.sheet(tmp_path, "add", "solo 7", "-d", "S", "-t", "8", "--trump", "H").exit_code == 0
        r = runner.invoke(app, ["sheet", "show", "--lang", "fr", "--file", str(tmp_path / "sheet.json")],
                          env={"COLUMNS": str(columns)})
        assert r.exit_code == 0, r.output
        table = r.stdout.splitlines()[1:-1]  # the caption is one line for a pipe
        assert max(len(line) for line in table) <= columns
        cells = [line.split("│")[2].strip() for line in table if line.startswith("│")]
        words = " ".join(" ".join(cells).split())
        assert "grande misère · N+E · N=0 E=1 solo 7 cœur · S · 8 totaux" in words, cells
        assert "…" not in "".join(cells)
        for seat in ("(N)", "(E)", "(S)", "(O)"):
            assert seat in r.stdout
        for points in ("+30", "-42", "+21", "-49", "27"):
            assert points in r.stdout
        if columns == 80:
            for name in ("Françoise", "Jean-Pierre", "Marie-Claire", "Dominique"):
                assert name in r.stdout, name

    def test_the_default_file(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.chdir(tmp_path)
        monkeypatch.delenv("WHIST_SHEET", raising=False)
        assert run("sheet", "new").exit_code == 0
        assert (tmp_path / "whist-sheet.json").exists()


class TestSheetInFrench:
    """--lang fr: what a club secretary can get wrong at `whist sheet …` and `whist score …` is
    said in French (the sheet's refusals, and the command's own); without it, in English."""

    def sheet(self, tmp_path: Path, *args: str) -> Any:
        return run("sheet", *args, "--file", str(tmp_path / "sheet.json"))

    @pytest.mark.parametrize("preset", ["couleur", "classic"])
    @pytest.mark.parametrize(("lang", "names", "others"), [
        ("en", ["North", "East", "South"], ["Nord", "Est", "Sud"]),
        ("fr", ["Nord", "Est", "Sud"], ["North", "East", "South"])])
    def test_a_seat_left_unnamed_is_named_in_the_sheets_language(
            self, tmp_path: Path, preset: str, lang: str, names: list[str], others: list[str]) -> None:
        """A new sheet calls a seat given no name by its name in the sheet's language, as the web
        page's sheet does (an English sheet called its players Nord, Est, Sud)."""
        r = self.sheet(tmp_path, "new", "--preset", preset, "--names", "W=Anne", "--lang", lang)
        assert r.exit_code == 0, r.output
        shown = self.sheet(tmp_path, "show").stdout
        for out in (r.stdout, shown):
            words = set(re.findall(r"\w+", out))
            assert {*names, "Anne"} <= words and not words & set(others), out

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["add", "solo", "7", "-d", "N,N", "-t", "8"], "declarers 'N,N': N is named twice",
         "preneurs « N,N » : Nord est nommé deux fois"),
        (["add", "petite misère", "-d", "N,E", "-t", "1"], "give each misère declarer's tricks",
         "donnez les plis de chaque preneur de la misère"),
        (["add", "solo 7", "-d", "N", "-t", "14"], "a deal has 13 tricks, not 14",
         "une donne a 13 plis, pas 14"),
        (["add", "emballage 8", "-d", "N", "-t", "9"], "emballage is played by 2 declarers",
         "emballage se joue à 2 preneurs"),
        (["add", "grande misère", "-d", "N", "-t", "0", "--trump", "H"],
         "large misère has no trump: leave out the trump",
         "grande misère se joue sans atout : ne donnez pas d'atout"),
        (["add", "solo 9", "-d", "N", "-t", "9"], "solo 9 does not exist", "solo 9 n'existe pas"),
        (["add", "--tricks", "NS=8"], "this is a colour-whist sheet",
         "c'est une feuille de whist à la couleur"),
        (["add", "dames"], "the queens game needs the queens",
         "la misère par les dames demande les dames prises par chaque joueur"),
        (["penalty", "X"], "offender 'X': 'X' is not a seat", "fautif « X » : « X » n'est pas une place"),
        # the command takes its offender as SEAT, not --declarers as a CSV's row or whist score does
        (["penalty", "N,E"], "a penalty names one offender, e.g. whist sheet penalty W",
         "une pénalité nomme un seul fautif, par exemple whist sheet penalty O"),
        (["new", "--force", "--names", "N=Anne S=Carla"], "the name of N ('Anne S=Carla') holds '='",
         "le nom de Nord (« Anne S=Carla ») contient « = » : séparez les places par des virgules"),
        (["undo"], "the sheet is empty", "la feuille est vide"),
        (["new"], "already holds a sheet", "contient déjà une feuille"),
        (["new", "--force", "--names", "N=Anne,N=Bob"], "N is named twice", "Nord est nommé deux fois"),
        (["new", "--force", "--names", "O="], "leave W out to call it West",
         "omettez O pour garder le nom Ouest"),
        (["export"], "say what to write", "dites quoi écrire"),
    ])
    def test_a_sheet_refuses_in_the_language_asked(self, tmp_path: Path, args: list[str], en: str,
                                                     fr: str) -> None:
        assert self.sheet(tmp_path, "new").exit_code == 0
        before = (tmp_path / "sheet.json").read_bytes()
        r = self.sheet(tmp_path, *args)
        assert r.exit_code == 2 and r.stderr.startswith("Error: ") and en in flat(r.stderr), r.stderr
        assert fr not in r.stderr
        r = self.sheet(tmp_path, *args, "--lang", "fr")
        assert r.exit_code == 2 and r.stderr.startswith("Erreur : ") and fr in flat(r.stderr), r.stderr
        assert en not in r.stderr
        assert (tmp_path / "sheet.json").read_bytes() == before

    @pytest.mark.parametrize(("args", "en", "fr"), [
        (["-c", "solo 7", "-d", "N", "-t", "14"], "a deal has 13 tricks, not 14",
         "une donne a 13 plis, pas 14"),
        (["-c", "solo 5", "-d", "N", "-t", "5"], "solo 5 does not exist in couleur (solo: 6, 7, 8)",
         "solo 5 n'existe pas dans les règles couleur (solo : 6, 7, 8)"),
        (["-c", "piccolissimo", "-p", "pagat", "-d", "N", "-t", "2"], "piccolissimo is not played in pagat",
         "piccolissimo ne se joue pas dans les règles pagat"),
        (["-c", "solo 7", "-p", "classic", "-d", "N", "-t", "8"],
         "colour whist is scored with preset couleur or pagat",
         "le whist à la couleur se compte avec le préréglage couleur ou pagat"),
        (["-c", "penalty", "-d", "N,E"], "a penalty names one offender",
         "une pénalité nomme un seul fautif"),
    ])
    def test_score_refuses_in_the_language_asked(self, args: list[str], en: str, fr: str) -> None:
        r = run("score", *args)
        assert r.exit_code == 2 and en in flat(r.stderr) and fr not in r.stderr, r.stderr
        r = run("score", *args, "--lang", "fr")
        assert r.exit_code == 2 and fr in flat(r.stderr) and en not in r.stderr, r.stderr

    def test_west_is_o_in_french(self, tmp_path: Path) -> None:
        """The sheet names West's seat O (Ouest) in French: the column heads, the declarers, the
        tricks, the queens and the offender; W in English, and the file keeps W."""
        r = self.sheet(tmp_path, "new", "--names", "N=Anne,W=Dirk", "--lang", "fr")
        assert r.exit_code == 0, r.output
        assert "Anne (N), Est (E), Sud (S), Dirk (O)" in flat(r.stdout)
        for args in (["add", "petite misère", "-d", "N,W", "-t", "N=0,W=1"], ["penalty", "O"],
                     ["add", "dames", "--queens", "O=2,E=1,S=1"]):
            assert self.sheet(tmp_path, *args).exit_code == 0, args
        fr = flat(self.sheet(tmp_path, "show", "--lang", "fr").stdout)
        for words in ("Dirk (O)", "petite misère · N+O · N=0 O=1", "pénalité · O", "O=2"):
            assert words in fr, words
        assert "(W)" not in fr and "W=" not in fr and "+W" not in fr
        en = flat(self.sheet(tmp_path, "show", "--lang", "en").stdout)
        for words in ("Dirk (W)", "small misère · N+W · N=0 W=1", "penalty · W", "W=2"):
            assert words in en, words
        kept = json.loads((tmp_path / "sheet.json").read_text(encoding="utf-8"))
        assert kept["entries"][0]["tricks"] == "N=0;W=1" and kept["entries"][1]["declarers"] == "W"

    def test_a_file_that_is_no_sheet_and_an_import_refused(self, tmp_path: Path) -> None:
        r = self.sheet(tmp_path, "show", "--lang", "fr")
        assert r.exit_code == 2 and "pas de feuille de marque dans" in r.stderr
        assert self.sheet(tmp_path, "new").exit_code == 0
        bad = tmp_path / "bad.csv"
        bad.write_text("contract,declarers,tricks\nsolo 7,N,8\nsolo 7,N,14\n", encoding="utf-8")
        r = self.sheet(tmp_path, "import", str(bad), "--lang", "fr")
        assert r.exit_code == 2, r.output
        assert (f"{bad} : ligne 3 : une donne a 13 plis, pas 14 ; rien n'a été importé"
                in flat(r.stderr)), r.stderr
        r = self.sheet(tmp_path, "import", str(bad))
        assert f"{bad}: line 3: a deal has 13 tricks, not 14; nothing was imported" in flat(r.stderr)


def option_help(args: list[str], name: str) -> str:
    """The help of the option or argument ``name`` in ``whist ARGS --help``, on one line."""
    lines = run(*args, "--help").stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if name in line.replace(",", " ").split()[:2])
    end = next((i for i in range(start + 1, len(lines))
                if not lines[i].strip() or lines[i].lstrip().startswith("-")), len(lines))
    return flat("\n".join(lines[start:end]))


@pytest.mark.parametrize(("args", "name"), [
    (["score"], "--declarers"), (["sheet", "add"], "--declarers"), (["sheet", "penalty"], "SEAT"),
    (["play"], "--seat"), (["solve"], "--leader")])
def test_the_help_of_a_seat_names_o_for_ouest(args: list[str], name: str) -> None:
    """Every command reads a seat as N, E, S, W or O (Ouest, West: cards.parse_seat): the help of
    each option that takes seats says so (the offender's, your seat's and the leader's said "N, E,
    S or W", the declarers' named no seat but N and E)."""
    assert parse_seat("O") is Seat.W
    assert "N, E, S, W or O (Ouest)" in option_help(args, name)


def test_help_for_the_new_commands() -> None:
    for args in (["score", "--help"], ["sheet", "--help"], ["sheet", "add", "--help"],
                 ["sheet", "import", "--help"], ["sheet", "export", "--help"]):
        r = run(*args)
        assert r.exit_code == 0, args
        assert "Usage:" in r.stdout


def test_cards_are_written_with_the_french_ranks_with_lang_fr(tmp_path: Path) -> None:
    """With --lang fr the hand and the cards that may be played (?) are written with the French
    ranks, R D V (roi, dame, valet), 10 as 10; in English with K Q J, as before."""
    out = {}
    for lang in ("en", "fr"):
        r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
                input="pass\n?\nq\n")
        assert r.exit_code == 0, r.output
        out[lang] = r.stdout.splitlines()
    to_french = str.maketrans("KQJ", "RDV")
    for head_en, head_fr in (("Your hand:", "Votre main :"), ("Legal now:", "Jouable maintenant :")):
        en = next(line for line in out["en"] if line.startswith(head_en)).removeprefix(head_en)
        fr = next(line for line in out["fr"] if line.startswith(head_fr)).removeprefix(head_fr)
        if head_en == "Legal now:":  # then how to type them, as classic whist says it
            en, typed_en = en.split(" (type ")
            fr, typed_fr = fr.split(" (tapez ")
            assert [parse_card(c, "fr") for c in typed_fr.rstrip(")").split()] == [
                parse_card(c) for c in typed_en.rstrip(")").split()]
            assert "RC" in typed_fr or "RP" in typed_fr or "RK" in typed_fr or "RT" in typed_fr
        assert "K" in en and "R" not in en
        assert fr == en.translate(to_french) and "K" not in fr


@pytest.mark.parametrize(("text", "lang", "meant"), [
    ("RC", "fr", "KH"), ("dp", "fr", "QS"), ("10K", "fr", "TD"), ("AC", "fr", "AH"), ("KS", "fr", "KS"),
    ("AC", "en", "AC"), ("KS", "en", "KS"), ("montre 7C", "fr", "show 7H"), ("écarte VT", "fr", "discard JC"),
    ("show 7C", "en", "show 7C"), ("passe", "fr", "pass"), ("propose cœur", "fr", "propose H")])
def test_a_colour_action_typed_in_french_or_english(text: str, lang: Lang, meant: str) -> None:
    """In French the cards are read the French way first (RC roi de cœur, AC as de cœur), English
    that reads one way only still works (KS); calls read as before."""
    assert parse_colour_action(text, lang=lang).text == meant


@pytest.mark.parametrize("text", ["RX", "montre", "montre RC RP", "11C"])
def test_a_bad_card_in_french_is_refused_in_french(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse_colour_action(text, card_wanted=True, lang="fr")
    assert "carte" in err.value.fr and "Traceback" not in err.value.fr


@pytest.mark.parametrize(("lang", "typed", "example", "said"), [
    ("fr", "solo coeur", "solo 8 cœur", "Vous dites « solo 8 cœur »"),
    ("en", "solo H", "solo 8 H", "You say solo 8 ♥"),
])
def test_a_solo_typed_without_its_tricks_is_refused_with_a_call_the_game_takes(
        tmp_path: Path, lang: str, typed: str, example: str, said: str) -> None:
    """``solo coeur`` names the trump but not the tricks: the refusal's example keeps the suit
    typed, so that typing it is a call (it said « solo 8 », refused next for want of a suit)."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input=f"{typed}\n{example}\nq\n")
    assert r.exit_code == 0, r.output
    assert [line for line in refused(r.stdout) if example in line] == refused(r.stdout), r.stdout
    assert len(refused(r.stdout)) == 1 and said in r.stdout, r.stdout


@pytest.mark.parametrize(("lang", "typed", "told", "said"), [
    ("fr", ["cœur", "je demande cœur", "propose cœur"],
     ["✗ « cœur » ne nomme qu'une couleur : pour la proposer, tapez « propose cœur »",
      "✗ « je demande cœur » n'est pas une annonce (passe, j'attends, j'emballe, propose cœur,"],
     "Vous dites « propose cœur »"),
    ("en", ["hearts", "propose H"], ["✗ 'hearts' names a suit only: to propose it, type 'propose H'"],
     "You say propose ♥"),
])
def test_a_suit_named_alone_is_refused_with_the_proposal_to_type(
        tmp_path: Path, lang: str, typed: list[str], told: list[str], said: str) -> None:
    """A table names a suit to propose it (« cœur »): the refusal says to type « propose cœur »
    (it said « cœur » is no call, among examples); a sentence starting with « je » that is no
    proposal is no call (it said « on propose une seule couleur »)."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input="\n".join([*typed, "q"]) + "\n")
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert len(refused(r.stdout)) == len(told) and all(t in out for t in told), out
    assert "une seule couleur" not in out and said in r.stdout, out


@pytest.mark.parametrize(("lang", "show", "said", "told", "needed"), [
    ("fr", "montre 4C", "Vous montrez une carte : sa couleur est l'atout",
     " ; en ♥ cœur, la couleur de votre as, il faudra 8 levées, dans une autre couleur 9.",
     "Il faut : au moins 8 levées"),
    ("en", "show 4H", "You show a card: its suit is trump",
     "; in ♥ hearts, your ace's suit, 8 tricks are needed, in another suit 9.", "Needed: at least 8 tricks"),
])
def test_the_trou_partner_is_told_what_the_suit_he_shows_needs(
        tmp_path: Path, lang: str, show: str, said: str, told: str, needed: str) -> None:
    """RULES.md §5.3 (couleur): the partner who shows the trump card chooses 8 tricks (his ace's
    suit) or 9 (another); he is told so before he chooses (seed 0: North calls trou, South holds
    A♥), not once the trou always needs 9."""
    def output(*options: str) -> str:
        r = run("play", "--preset", "couleur", "--seed", "0", "--lang", lang, "--records", str(tmp_path),
                *options, input=f"{show}\nq\n")
        assert r.exit_code == 0, r.output
        return flat(r.stdout)

    out = output()
    assert said + told in out and needed in out, out
    nine = output("--option", "trou_always_nine=on")
    assert said + "." in nine and told not in nine, nine


def test_a_word_that_is_no_call_is_answered_with_the_calls_the_english_game_names(tmp_path: Path) -> None:
    """``bof`` in the English game: the examples are the calls as its list of legal calls names
    them, ``small misère``, ``abondance 9 S`` (it said ``petite misère``, ``abondance S``)."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--records", str(tmp_path), input="bof\nq\n")
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert "Legal calls: pass · wait · " in out and " small misère · " in out
    assert ("✗ 'bof' is not a call (pass, wait, accept, propose H, solo 7 H, small misère, abondance 9 S,"
            " …) (? for help)") in out, out


def test_a_simulation_of_very_many_deals_starts() -> None:
    """--deals 999999999999999: the list of every session's size was made first, a MemoryError
    and its traceback before any deal; the sessions are now counted out one at a time."""
    sizes = session_sizes(999_999_999_999_999, 16)
    assert [next(sizes), next(sizes)] == [16, 16]
    assert list(session_sizes(35, 16)) == [16, 16, 3]
