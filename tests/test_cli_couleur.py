"""The `whist` command for colour whist (whist à la couleur, RULES.md §5–6): the terminal game
driven by input lines; what it says in the language chosen in test_cli_couleur_language.py;
simulate, replay and the one-deal score in test_cli_couleur_score.py, the score sheet in
test_cli_couleur_sheet.py.

As in ``test_cli.py``, the lines typed into ``whist play`` are computed beforehand by a script
that runs the same :class:`ColourSession` as the command (same rules, seed and bots) and types
the first legal action (or, for the French test, the action the heuristic bot would choose, in
French words), the way a player reads it off the screen.
"""

from __future__ import annotations

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
from typer.testing import CliRunner

from whist import record
from whist.auction import ColourCall, parse_call
from whist.bots import get_bot
from whist.cards import SEATS, Seat
from whist.cli import app
from whist.cli_colour import session_sizes
from whist.colour_session import ColourSession
from whist.couleur import CardCall, ColourAction, ColourView, typed_text
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


def test_a_simulation_of_very_many_deals_starts() -> None:
    """--deals 999999999999999: the list of every session's size was made first, a MemoryError
    and its traceback before any deal; the sessions are now counted out one at a time."""
    sizes = session_sizes(999_999_999_999_999, 16)
    assert [next(sizes), next(sizes)] == [16, 16]
    assert list(session_sizes(35, 16)) == [16, 16, 3]
