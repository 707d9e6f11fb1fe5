"""Colour whist's `whist simulate` (bots playing sessions, their summary and records), `whist replay`
of a session's record, and `whist score` (each player's points for one deal, RULES.md §5.7). The
terminal game: test_cli_couleur.py; the score sheet: test_cli_couleur_sheet.py.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from test_cli_couleur import flat, run

from whist import record
from whist.bots import Bot, get_bot
from whist.cards import SEATS, Seat
from whist.colour_session import ColourSession
from whist.colour_terminal import ColourTerminalGame
from whist.rules import preset
from whist.terminal import save_match


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

    @pytest.mark.parametrize("steps", [2000, 5])
    def test_ctrl_c_prints_the_summary_of_the_sessions_played_out(
            self, steps: int, monkeypatch: pytest.MonkeyPatch) -> None:
        """Ctrl-C in a long simulation prints the summary of the sessions played out, as a
        simulation of just those prints it, before saying how far it went; none before the
        first session ends. With --json, one object: the error, and that summary."""
        real_step = ColourSession.step
        count = [0]

        def step(self: ColourSession) -> Any:
            count[0] += 1
            if count[0] == steps:
                raise KeyboardInterrupt
            return real_step(self)

        monkeypatch.setattr(ColourSession, "step", step)
        args = ("--preset", "couleur", "--seed", "3", "--bots", "random", "--json")
        r = run("simulate", *args, "--deals", "400")
        assert r.exit_code == 130 and r.stderr.startswith("Error: interrupted: "), r.output
        partial = json.loads(r.stdout)  # the error first, as whist solve --json says it
        assert next(iter(partial)) == "error"
        assert partial.pop("error") == r.stderr.removeprefix("Error: ").strip()
        if steps == 5:
            assert partial == {}
            return
        assert partial["sessions"] > 0 and partial["deals"] < 400
        # the deals of the session stopped count in how far it went, not in the summary: it says so
        assert f"; the summary: the {partial['deals']} deals of the sessions played out\n" in r.stderr
        monkeypatch.undo()
        assert partial == json.loads(run("simulate", *args, "--deals", str(partial["deals"])).stdout)

    def test_in_french_the_summary_and_the_errors(self) -> None:
        """``--lang fr``: the summary in French only, the JSON the same; --rubbers refused in
        French."""
        r = run(*self.ARGS, "--lang", "fr")
        assert r.exit_code == 0, r.output
        for words in ("Résumé de la simulation", "Règles : couleur   graine : 7", "Parties : 2",
                      "donnes jouées : 20", "Redonnes (tous passent) :", "Contrats", "famille",
                      "emballage", "Points par place", "Ouest",
                      "Robots : N heuristic (moyen), E random (au hasard), S heuristic (moyen), O random"
                      " (au hasard)"):
            assert words in r.stdout, words
        assert " / " not in r.stdout
        assert not re.search(r"\b(Rules|seed|Contracts|family|deals|made|Points per|West)\b", r.stdout)
        per_deal = re.findall(r"([+-]\d+[.,]\d\d) │$", r.stdout, flags=re.M)  # points per deal: 1,25
        assert len(per_deal) == 4 and all("," in n for n in per_deal), r.stdout
        assert re.findall(r"([+-]\d+\.\d\d) │$", run(*self.ARGS).stdout, flags=re.M) == \
            [n.replace(",", ".") for n in per_deal]
        assert run(*self.ARGS, "--lang", "fr", "--json").stdout == run(*self.ARGS, "--json").stdout

    @pytest.mark.parametrize("lang, line", [("en", "queens game (all passed)"),
                                            ("fr", "misère par les dames (tous ont passé)")])
    def test_the_queens_game_line_only_where_it_is_played(self, lang: str, line: str) -> None:
        """A deal all passed is redealt (RULES.md §5.8, all_pass redeal or redeal_double: the
        « Redeals » count says how many) or played as the queens game (all_pass=dames): the table
        of contracts has a queens line only in the second case, with its deals."""
        args = ("simulate", "--preset", "couleur", "--deals", "8", "--seed", "1")  # (one deal all passed)
        redealt = run(*args, "--lang", lang)
        assert redealt.exit_code == 0, redealt.output
        assert json.loads(run(*args, "--json").stdout)["redeals"] == 1
        assert line not in redealt.stdout
        dames = run(*args, "--option", "all_pass=dames", "--lang", lang)
        assert dames.exit_code == 0, dames.output
        assert json.loads(run(*args, "--option", "all_pass=dames", "--json").stdout)["families"]["all_pass"] \
            == {"deals": 1, "made": 0}
        assert re.search(rf"{re.escape(line)} *│ *1 │", dames.stdout), dames.stdout
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

    @pytest.mark.parametrize(("seed", "session", "fr", "en"), [
        (1, 1, "couleur · 16 donnes (+1 redonne)", "couleur · 16 deals (+1 redeal)"),
        (5, 1, "couleur · 16 donnes (+2 redonnes)", "couleur · 16 deals (+2 redeals)"),
        (12, 2, "couleur, deals=4 · 4 donnes (+1 redonne)", "couleur, deals=4 · 4 deals (+1 redeal)"),
    ])
    def test_a_replay_counts_the_redeals_apart(self, tmp_path: Path, seed: int, session: int,
                                               fr: str, en: str) -> None:
        """A session with deals everybody passed and the dealer dealt again (20 deals of seed 1:
        one in the first session of 16; of seed 5: two; of seed 12: one in the second, of 4):
        « 16 donnes (+1 redonne) » (it said 17 donnes), "16 deals (+2 redeals)"."""
        r = run("simulate", "--preset", "couleur", "--deals", "20", "--seed", str(seed), "--bots",
                "heuristic", "--records", str(tmp_path))
        assert r.exit_code == 0, r.output
        f = tmp_path / f"simulate-couleur-seed{seed}-session{session:04d}.json"
        assert f"Règles : {fr}\n" in run("replay", "--lang", "fr", str(f)).stdout
        assert f"Rules: {en}\n" in run("replay", str(f)).stdout

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
    """A session of 4 deals (seed 1: the third all passed and redealt, the others played out)."""
    d = tmp_path_factory.mktemp("colour-records")
    r = run("simulate", "--preset", "couleur", "--deals", "4", "--seed", "1", "--bots", "heuristic",
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
        """Stopped at the pause after a deal everybody passed (pagat, seed 59): « 0 donne »,
        singular in French as the session's table says it (« 0 donne jouée »; it said « 0 donnes »)."""
        bots: dict[Seat, Bot] = {seat: get_bot("heuristic") for seat in SEATS if seat is not Seat.S}
        session = ColourSession(preset("pagat"), bots, 59)
        asked = [0]

        def read_line(prompt: Text) -> str:
            asked[0] += 1  # a deal played asks for cards, which "pass" never gives: stop, not hang
            assert asked[0] < 20, "the deal was not passed out: choose a seed where everybody passes"
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

    @pytest.mark.parametrize(("lang", "played", "passed"),
                             [("en", "Deal", "Deal (all passed: redealt)"),
                              ("fr", "Donne", "Donne (tous passent : redonnée)")])
    def test_a_deal_record_says_redealt_only_where_all_passed(
            self, colour_record: Path, tmp_path: Path, lang: str, played: str, passed: str) -> None:
        """A deal record replayed alone is titled « Donne », and « (tous passent : redonnée) » only
        for a deal everybody passed (RULES.md §5.1); a deal played out said it was redealt."""
        deals = record.load(colour_record)["deals"]
        assert {d["result"]["passed"] for d in deals} == {True, False}
        for i, deal in enumerate(deals):
            f = tmp_path / f"deal{i}.json"
            record.save(deal, f)
            r = run("replay", str(f), "--lang", lang)
            assert r.exit_code == 0, r.output
            title = r.stdout.splitlines()[2]
            assert title == (passed if deal["result"]["passed"] else played), r.stdout

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
        for words in ("Donne 1\n", "Donneur ", "Annonces :", "Contrat :", "Pli  1 : ", " entame — ",
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
        # seed 003's own words: « picolissimo » (once, piccolissimo twice), « 7 plis en solo »
        (["--contract", "picolissimo", "--declarers", "N", "--tricks", "2"], [18, -6, -6, -6]),
        (["--contract", "solo 7 plis", "--declarers", "N", "--tricks", "8"], [21, -7, -7, -7]),
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
        if args[0] == "--contract":  # the contract's words alone, as whist sheet add takes them
            r = run("score", *args[1].split(), *args[2:], "--json")
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
        assert "preneurs N+O · plis N=0 O=1 · N réussie, O chutée" in fr
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
        ([], "name the contract: whist score solo 7 --declarers N --tricks 8"),
        (["solo", "7", "--contract", "solo 6", "-d", "N", "-t", "8"],
         "the contract is given twice, solo 7 and --contract solo 6: give it once"),
        (["solo", "7", "N", "8"], "'solo 7 N 8' is not a contract: give the declarers and the tricks apart"
                                  " (whist score solo 7 --declarers N --tricks 8)"),
    ])
    def test_impossible_input_exits_2(self, args: list[str], words: str) -> None:
        r = run("score", *args, "--json")
        assert r.exit_code == 2, (args, r.output)
        assert words in r.stderr, (args, r.stderr)
        assert r.stdout == ""
        assert "Traceback" not in r.output
