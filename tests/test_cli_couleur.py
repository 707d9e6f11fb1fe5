"""The `whist` command for colour whist (whist à la couleur, RULES.md §5–6): the terminal game
driven by input lines, and what it says in the language chosen; simulate, replay and the one-deal
score in test_cli_couleur_score.py, the score sheet in test_cli_couleur_sheet.py.

As in ``test_cli.py``, the lines typed into ``whist play`` are computed beforehand by a script
that runs the same :class:`ColourSession` as the command (same rules, seed and bots) and types
the first legal action (or, for the French test, the action the heuristic bot would choose, in
French words), the way a player reads it off the screen.
"""

from __future__ import annotations

import io
import json
import random
import re
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
from whist.bots import get_bot
from whist.cards import SEATS, Lang, ParseError, Seat, parse_card, parse_seat
from whist.cli import app
from whist.cli_colour import session_sizes
from whist.colour_render import _needed
from whist.colour_session import ColourSession
from whist.colour_terminal import ColourTerminalGame
from whist.contracts import Contract
from whist.couleur import CardCall, ColourAction, ColourView, parse_colour_action, typed_text
from whist.rules import Rules, preset, with_options

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


# ----- what the game says, in the language chosen -------------------------------------------------


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
