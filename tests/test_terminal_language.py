"""``whist play --lang``: the terminal game speaks one language, the one named, in both games.

Whole games are played by piped input, as in ``test_cli.py``: a script runs the same session as
the command (same rules, seed and bots) and types the first legal action in the language of the
game, with the commands (``?``, ``t``, ``l``, ``s``, ``a``, the hint) typed before the first
actions. The whole output must then hold none of the other language's labels and some of its
own. What the player types is echoed, and the help names the calls of the other language that are
read too (``pass``/``passe``): the words checked are labels, never those.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from whist.actions import Call, action_text_fr
from whist.auction import parse_call
from whist.bots import Bot, get_bot
from whist.bots.pimc import CardChoice
from whist.cards import SEATS, Card, Lang, Seat, parse_card
from whist.cli import app
from whist.colour_render import outcome_text, seat_names, session_table
from whist.colour_session import ColourSession
from whist.contracts import KINDS
from whist.couleur import CardCall, parse_colour_action, typed_text
from whist.rules import Rules, preset, with_options
from whist.session import Session
from whist.terminal import TerminalGame, hint_text

runner = CliRunner()

ENGLISH = ("Deal", "Your hand", "dealer", "trump", "Trump", "trick", "Trick", "North", "South",
           "West", "East", "Rules", "seed", "Bots", "You", "game", "Game", "rubber", "Rubber",
           "won by", "Score", "Legal", "Auction", "Contract", "Needed", "result", "Session over",
           "Match over", "totals", "Match record", "Replay it", "Hint", "Commands", "Type a",
           "For example", "each for himself", "made", "failed", "none")
"""Labels the French game must not show."""

FRENCH = ("Donne", "donne ", "donneur", "atout", "Atout", "levée", "Levée", "pli", "Pli", "gagné par",
          "Nord", "Sud", "Ouest",
          "manche", "Manche", "robre", "Robre", "Votre main", "Vous", "vous", "Règles", "graine",
          "Robots", "partenaire", "résultat", "Résultat", "enregistrée", "Conseil", "Commandes",
          "annonces permises", "Annonces :", "Contrat", "Il faut", "totaux", "réussi", "chuté",
          "gagnée par", "Points", "Marque", "à vous", "Partie terminée", "chacun pour soi", "sans atout")
"""Labels the English game must not show."""

COMMANDS = {"couleur": ("?", "t", "a", "l", "s"), "classic": ("?", "t", "l", "s")}


def first_legal_lines(rules: Rules, seed: int, lang: Lang,
                      before: Callable[[Session | ColourSession], list[str]] | None = None) -> list[str]:
    """What a player types who plays the first legal action, written in ``lang`` (a card as the
    hand shows it, a call as the game says it), with the commands before his first actions and
    a hint at the first; ``before``: lines typed before each action, at its turn."""
    bots: dict[Seat, Bot] = {seat: get_bot("random") for seat in SEATS if seat is not Seat.S}
    colour = rules.game == "couleur"
    session = ColourSession(rules, bots, seed) if colour else Session(rules, bots, seed)
    lines = ["hint" if lang == "en" else "conseil"]
    while not session.is_over:
        if session.needs_deal:
            session.start_deal()
        elif session.step() is None:
            action = session.legal_actions()[0]
            if len(lines) < 30:
                lines.extend(COMMANDS["couleur" if colour else "classic"])
            if before is not None:
                lines.extend(before(session))
            if isinstance(action, Card):
                lines.append(action.text_in(lang))
            elif isinstance(action, Call):
                lines.append(action_text_fr(action) if lang == "fr" else action.text)
            else:
                lines.append(typed_text(action, lang))
            session.play(lines[-1], lang)
    return lines


def play(rules: Rules, seed: int, lang: Lang, tmp_path: Path,
         before: Callable[[Session | ColourSession], list[str]] | None = None) -> str:
    """The output of the game, without the folder and the name of the record saved (the test's
    name, ``seed3``), which are no label; ``before``: lines typed before each action (refused
    ones among them), as :func:`first_legal_lines` types them."""
    lines = first_legal_lines(rules, seed, lang, before)
    options = [f"{name}={getattr(rules, name)}" for name in ("deals",) if rules.game == "couleur"]
    r = runner.invoke(app, ["play", "--preset", rules.preset, *(a for o in options for a in ("-o", o)),
                            "--seed", str(seed), "--bots", "random", "--budget", "0.01", "--lang", lang,
                            "--records", str(tmp_path)], input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output, r.output
    if before is None:
        assert not any(line.startswith("✗") for line in r.output.splitlines()), r.output  # none refused
    out: str = r.output
    return out.replace(str(tmp_path), "").replace(f"seed{seed}.json", "")


def labels_in(output: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if w in output]


GAMES = [("couleur", 3), ("pagat", 5), ("classic", 11), ("simple", 8)]


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_in_french_the_whole_game_shows_no_english_label(tmp_path: Path, name: str, seed: int) -> None:
    rules = with_options(preset(name), {"deals": 1}) if name in ("couleur", "pagat") else preset(name)
    out = play(rules, seed, "fr", tmp_path)
    assert labels_in(out, ENGLISH) == [], out
    expected = ["Votre main :", "Donne 1", "Partie enregistrée :", "Pour la revoir :", "Robots :",
                "Conseil :", "Commandes :", "s marque"]
    if name in ("couleur", "pagat"):
        expected += ["donneur", "Annonces :", "Annonces permises :", "Partie terminée", "totaux",
                     "Partie : 0 donne jouée sur 1", "Partie : 1 donne jouée sur 1", "Pli 1 gagné par"]
    else:
        expected += ["Donneur", "atout", "Levée 1 gagnée par", "manche", "Partie terminée", "Ouest"]
    assert [w for w in expected if w not in out] == [], out
    # a trick is a pli in colour whist (seed 003), a levée in classic whist (seed 000)
    other_word = "levée" if name in ("couleur", "pagat") else "pli"
    assert re.search(rf"\b{other_word}s?\b", out, re.IGNORECASE) is None, out


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_in_english_the_whole_game_shows_no_french_label(tmp_path: Path, name: str, seed: int) -> None:
    rules = with_options(preset(name), {"deals": 1}) if name in ("couleur", "pagat") else preset(name)
    out = play(rules, seed, "en", tmp_path)
    assert labels_in(out, FRENCH) == [], out
    expected = ["Your hand:", "Deal 1", "Match record saved:", "Replay it with:", "Bots:", "Hint:",
                "Commands:"]
    if name in ("couleur", "pagat"):
        expected += ["dealer", "Auction:", "Legal calls:", "Session over", "totals",
                     "Session: 0 of 1 deals played", "Session: 1 of 1 deals played"]
    else:
        expected += ["Dealer", "trump", "Trick 1 won by", "game", "Match over", "West"]
    assert [w for w in expected if w not in out] == [], out


@pytest.mark.parametrize("columns", [50, 60, 80])
@pytest.mark.parametrize(("name", "lang", "first", "values"), [
    ("couleur", "fr", "passe", ("Contrat", "emballage 8 carreau", "Nord + Est", "Atout", "Il faut",
                                "au moins 8 plis", "Plis", "N 0 · E 0 · S 0 · O 0", "Marque")),
    ("couleur", "en", "pass", ("Contract", "emballage 8 ♦", "North + East", "Trump", "Needed",
                               "at least 8 tricks", "Tricks", "N 0 · E 0 · S 0 · W 0", "Score")),
    ("classic", "fr", "", ("Atout", "♦ carreau", "Retournée R♦", "Donneur", "Levées", "NS 0 · EO 0",
                           "Marque", "(manche à 10)", "Manches", "Robre")),
    ("classic", "en", "", ("Trump", "♦ diamonds", "Turned", "Dealer", "Tricks", "NS 0 · EW 0",
                           "(game at 10)", "Games", "Rubber")),
])
def test_the_table_panel_keeps_its_values_on_a_narrow_terminal(
        tmp_path: Path, columns: int, name: str, lang: str, first: str, values: tuple[str, ...]) -> None:
    """``COLUMNS=50 whist play``: the table's panel fits the terminal and shows every label with its
    value, nothing cut off (…); where the trick and the facts do not fit side by side, the facts go
    under the trick. (Colour whist's seed 1: North proposes diamonds and East accepts.)"""
    seed = "1" if name == "couleur" else "3"
    r = runner.invoke(app, ["play", "--preset", name, "--lang", lang, "--seed", seed, "--records",
                            str(tmp_path)], input=f"{first}\nq\n" if first else "q\n",
                      env={"COLUMNS": str(columns)})
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    panel = lines[top:next(i for i in range(top, len(lines)) if lines[i].startswith("╰")) + 1]
    assert max(len(line) for line in panel) <= columns, "\n".join(panel)
    assert not any("…" in line for line in panel), "\n".join(panel)
    text = " ".join(" ".join(line.strip("│╭╮╰╯─ ").split()) for line in panel)
    assert [v for v in values if v not in text] == [], "\n".join(panel)
    side_by_side = values[0] in panel[1]  # the first fact beside the partner's seat, or under the trick
    assert side_by_side == (columns == 80), "\n".join(panel)


def panel_bottoms(name: str, lang: str, tmp_path: Path, first: str = "", *options: str,
                  seed: int = 3) -> list[str]:
    """The last line of each table panel that ``whist play`` shows before ``q`` (after ``first``)."""
    r = runner.invoke(app, ["play", "--preset", name, "--lang", lang, "--seed", str(seed), "--records",
                            str(tmp_path), *options], input=f"{first}\nq\n" if first else "q\n",
                      env={"COLUMNS": "50"})
    assert r.exit_code == 0, r.output
    return [line for line in r.stdout.splitlines() if line.startswith("╰")]


@pytest.mark.parametrize(("lang", "first", "legend"), [
    ("fr", "passe", "╰─ * preneur · › a entamé le pli ─"),
    ("en", "pass", "╰─ * declarer · › led the trick ─"),
])
def test_the_colour_table_says_what_its_marks_mean(tmp_path: Path, lang: str, first: str,
                                                   legend: str) -> None:
    """The colour game marks the declarers ``*`` and the player who led the trick ``›`` (seed 1:
    North proposes diamonds, East accepts): its panel says so under the table, in the language
    chosen, whole on a narrow terminal (it said nothing); classic whist writes ``(entame)`` in
    words and needs no legend. The queens game (all passed, seed 7), where nobody is a declarer,
    names only the lead."""
    bottoms = panel_bottoms("couleur", lang, tmp_path, first, seed=1)
    assert bottoms and all(line.startswith(legend) for line in bottoms), bottoms
    assert all(set(line) <= set("╰─╯") for line in panel_bottoms("classic", lang, tmp_path))
    queens = panel_bottoms("couleur", lang, tmp_path, first, "--option", "all_pass=dames", seed=7)
    lead = legend.split("· ")[1]
    assert queens and all(line.startswith(f"╰─ {lead}") for line in queens), queens


def auction_items(output: str, head: str) -> list[str]:
    """Each call of every auction line of ``output`` (the line starting with ``head``)."""
    return [item.strip() for line in output.splitlines() if line.startswith(head)
            for item in line.removeprefix(head).split(" · ") if item.strip() != "—"]


@pytest.mark.parametrize(("lang", "head", "names"), [
    ("fr", "Annonces :", ("Vous", "Nord", "Est", "Ouest")),
    ("en", "Auction:", ("You", "North", "East", "West")),
])
def test_the_auction_line_puts_a_colon_after_each_caller(tmp_path: Path, lang: Lang, head: str,
                                                         names: tuple[str, ...]) -> None:
    """The calls are words said, not verbs to conjugate: ``Vous : propose cœur · Ouest : passe``
    (it said ``Vous propose cœur · Vous j'attends``), in play as in the replay."""
    rules = with_options(preset("couleur"), {"deals": 1})
    out = play(rules, 3, lang, tmp_path)
    items = auction_items(out, head)
    assert len(items) >= 4, out
    sep = " : " if lang == "fr" else ": "
    assert all(item.split(sep)[0] in names and item.split(sep)[1] for item in items), items
    replay = runner.invoke(app, ["replay", "--lang", lang, *map(str, tmp_path.glob("*.json"))])
    assert replay.exit_code == 0, replay.output
    names = tuple(n for n in names if n not in ("Vous", "You")) + (("Sud",) if lang == "fr" else ("South",))
    items = auction_items(replay.output, head)
    assert items and all(item.split(sep)[0] in names and item.split(sep)[1] for item in items), items


@pytest.mark.parametrize(("name", "seed", "lang"), [("couleur", 3, "fr"), ("classic", 11, "fr"),
                                                    ("couleur", 3, "en"), ("classic", 11, "en")])
def test_the_player_is_you_in_lower_case_inside_a_line(tmp_path: Path, name: str, seed: int,
                                                       lang: Lang) -> None:
    """One form for the player: ``donneur vous``, ``gagnée par vous``, the classic box's dealer as
    its header says it (it said ``Sud (vous)`` there, ``donneur Vous`` in colour whist);
    capitalised only where a line or an item starts: alone at its place on the table's compass,
    ``Vous`` in both games (classic whist's wrote ``vous``)."""
    rules = with_options(preset(name), {"deals": 1}) if name == "couleur" else preset(name)
    out = play(rules, seed, lang, tmp_path)
    you, word = ("vous", "Vous") if lang == "fr" else ("you", "You")
    assert not re.search(rf"(?:(?i:donneur|dealer|par|by|avec|with|redonne :)|—|\+) {word}\b", out), out
    assert "Sud (vous)" not in out and "South (you)" not in out
    compass = re.findall(rf"^│ +((?i:{you})) {{2,}}", out, re.M)  # the player's place on the table
    assert compass and set(compass) == {word}, compass
    if name == "classic":  # the box's dealer, as the header says it
        header = re.findall(r"^(?:Donneur|Dealer) (\w+) · ", out, re.M)
        box = re.findall(r"(?:Donneur|Dealer) +(\w+) +│", out)
        assert header and box and set(box) <= {*header, you}, (header, box)


def test_made_and_failed_agree_with_the_contract_name() -> None:
    """« petite misère — vous — chutée », « solo — réussi »: the French words agree with the
    contract's name, feminine for the misères and abondances (RULES.md's names), masculine for
    emballage, solo, trou, chelem, piccolo and piccolissimo; English has one form."""
    feminine = {"petite_misere", "grande_misere", "grande_misere_sur_table", "abondance",
                "abondance_sur_table", "dames"}
    names = seat_names("fr")
    for key, kind in KINDS.items():
        assert kind.feminine == (key in feminine), key
        e = "e" if key in feminine else ""
        for made, word in ((True, f"réussi{e}"), (False, f"chuté{e}")):
            assert outcome_text([Seat.N], {Seat.N: made}, names, "fr", kind.feminine).plain == word
            assert outcome_text([Seat.N], {Seat.N: made}, names, "en", kind.feminine).plain == (
                "made" if made else "failed")
        both = outcome_text([Seat.N, Seat.E], {Seat.N: True, Seat.E: False}, names, "fr", kind.feminine)
        assert both.plain == f"Nord réussi{e}, Est chuté{e}"


def test_a_single_legal_card_is_the_only_card_allowed_in_the_hint() -> None:
    """« Conseil : 4T (choix évident : la seule carte permise) » (it said « le seul permis »)."""
    card, call = parse_card("4C"), parse_call("pass")
    assert hint_text(CardChoice(card, basis="only"), lang="fr").plain.endswith(
        "(choix évident : la seule carte permise)")
    assert hint_text(CardChoice(call, basis="only"), lang="fr").plain.endswith(
        "(choix évident : la seule annonce permise)")
    assert hint_text(CardChoice(card, basis="only"), lang="en").plain.endswith(
        "(clear choice: the only one allowed)")


@pytest.mark.parametrize(("name", "lang", "head"), [
    ("couleur", "fr", "Résultat de la donne 1 : "), ("couleur", "en", "Deal 1 result: "),
    ("classic", "fr", "Résultat de la donne 1"), ("classic", "en", "Deal 1 result"),
])
def test_a_deal_result_is_headed_with_one_colon(tmp_path: Path, name: str, lang: Lang, head: str) -> None:
    """« Résultat de la donne 1 : emballage 8 cœur — … — réussi » (it said « Donne 1 : résultat :
    emballage 8 cœur … », two colons in a row), in both games and languages."""
    rules = with_options(preset(name), {"deals": 1}) if name == "couleur" else preset(name)
    lines = play(rules, 11, lang, tmp_path).splitlines()
    heads = [line for line in lines if line.startswith(head.split(" 1")[0] + " ")]
    assert heads and heads[0].startswith(head), heads
    if name == "couleur":
        assert heads[0].count(":") == 1, heads
    assert not any(re.match(r"(Donne|Deal) \d+ ?: r", line) for line in lines), lines


@pytest.mark.parametrize(("lang", "calls", "refusals"), [
    ("fr", ("piccolo cœur", "piccolo C", "petite misère P"),
     ("✗ le piccolo se joue sans atout : tapez « piccolo » sans couleur",
      "✗ la petite misère se joue sans atout : tapez « petite misère » sans couleur")),
    ("en", ("piccolo H", "piccolo hearts", "petite misère S"),
     ("✗ piccolo has no trump: type 'piccolo' without a suit",
      "✗ small misère has no trump: type 'petite misère' without a suit")),
])
def test_a_misere_or_piccolo_typed_with_a_suit_is_refused(tmp_path: Path, lang: Lang,
                                                          calls: tuple[str, ...],
                                                          refusals: tuple[str, ...]) -> None:
    """RULES.md §5.2: misères, piccolo and piccolissimo have no suit; ``piccolo cœur`` was taken
    as piccolo, the suit dropped without a word. It is refused, in the game's language, saying how
    to type it; the game goes on (the player's next line is his call)."""
    rules = with_options(preset("couleur"), {"deals": 1, "piccolo": True})
    typed: list[str] = []

    def at_first_call(session: Session | ColourSession) -> list[str]:
        if typed or not isinstance(session, ColourSession) or getattr(session.deal, "phase", "") != "auction":
            return []
        typed.extend(calls)
        return list(calls)

    out = play(rules, 3, lang, tmp_path, at_first_call)
    assert typed, "no call was asked"
    assert refused_lines(out, lang) == [refusals[0], refusals[0], refusals[1]], out


@pytest.mark.parametrize(("lang", "calls", "refusals"), [
    ("fr", ("chelem", "passe", "solo 7 C"),
     ("✗ chelem : les annonces sont terminées ; tapez une carte, comme AP ou 10T",
      "✗ passe : les annonces sont terminées ; tapez une carte, comme AP ou 10T",
      "✗ solo 7 cœur : les annonces sont terminées ; tapez une carte, comme AP ou 10T")),
    ("en", ("chelem", "pass", "solo 7"),
     ("✗ chelem: the auction is over; type a card, like AS or 10C",
      "✗ pass: the auction is over; type a card, like AS or 10C",
      "✗ solo 7: the auction is over; type a card, like AS or 10C")),
])
def test_a_call_typed_during_the_play_says_the_auction_is_over(tmp_path: Path, lang: Lang,
                                                               calls: tuple[str, ...],
                                                               refusals: tuple[str, ...]) -> None:
    """A call typed when a card is asked (``chelem``, which needs its suit, was "not a card";
    ``pass`` was "play a card now"): the auction is over, a card is expected, in the game's
    language, with cards written as that language types them."""
    rules = with_options(preset("couleur"), {"deals": 1})
    typed: list[str] = []

    def at_first_card(session: Session | ColourSession) -> list[str]:
        if typed or not isinstance(session.legal_actions()[0], Card):
            return []
        typed.extend(calls)
        return list(calls)

    out = play(rules, 3, lang, tmp_path, at_first_card)
    assert typed, "no card was asked"
    assert refused_lines(out, lang) == list(refusals), out


def refused_lines(output: str, lang: Lang) -> list[str]:
    """The refusals the game printed (``✗ …``), each without the help hint that ends it."""
    hint = TerminalGame.retry_hints[lang]
    return [line.removesuffix(f" {hint}") for line in output.splitlines() if line.startswith("✗")]


def a_whole_session(rules: Rules, seed: int) -> ColourSession:
    """A session of colour whist played to its end, South playing his first legal action."""
    session = ColourSession(rules, {s: get_bot("random") for s in SEATS if s is not Seat.S}, seed)
    while not session.is_over:
        if session.needs_deal:
            session.start_deal()
        elif session.step() is None:
            session.play(session.legal_actions()[0])
    return session


@pytest.mark.parametrize(("lang", "columns"), [("fr", 80), ("en", 72)])
def test_the_session_table_keeps_each_players_points_and_total_on_one_line(lang: Lang, columns: int) -> None:
    """On a terminal narrower than the score table of a session (80 columns, where French writes
    ``grande misère sur table (N ✓)``), the table still shows each player's points of a deal and
    his running total side by side, as its caption says, in every column: the contract goes on two
    lines, not West's column (it put West's total under his points, unlike the three others)."""
    session = a_whole_session(preset("couleur"), 3)

    def lines(width: int) -> list[str]:
        out = io.StringIO()
        table = session_table(session.match, seat_names(lang), lang)
        Console(file=out, width=width, color_system=None).print(table)
        return out.getvalue().splitlines()

    assert max(len(line.rstrip()) for line in lines(200)) > columns  # it does not fit whole
    shown = lines(columns)
    assert max(len(line) for line in shown) <= columns
    rows = [line.split("│")[1:-1] for line in shown if line.startswith("│")]
    numbered = [cells for cells in rows if cells[0].strip().isdigit()]
    assert len(numbered) == 16, "\n".join(shown)
    for cells in numbered:
        assert all(re.fullmatch(r" *[+-]?\d+ +-?\d+ *", cell) for cell in cells[2:]), "\n".join(shown)
    continued = [cells for cells in rows if not cells[0].strip()][:-1]  # all but the totals
    assert continued and all(not "".join(cells[2:]).strip() for cells in continued), "\n".join(shown)


@pytest.mark.parametrize(("lang", "legal"), [
    ("en", "Legal now: 10♣ 4♣ 2♣ (type 10C 4C 2C)"),
    ("fr", "Jouable maintenant : 10♣ 4♣ 2♣ (tapez 10T 4T 2T)")])
def test_a_ten_is_typed_as_the_hand_shows_it(tmp_path: Path, lang: Lang, legal: str) -> None:
    """The cards the help offers, and the hint's, are written as the hand shows them and the game
    says to type them (``AS, 10d``): in English ``10C``, as ``10T`` in French (it was ``TC``, a ten
    written as on no card the game shows); and so are a colour-whist discard and card."""
    r = runner.invoke(app, ["play", "--preset", "classic", "--lang", lang, "--seed", "5", "--hint",
                            "--budget", "0.01", "--records", str(tmp_path)], input="?\nq\n")
    assert r.exit_code == 0, r.output
    assert legal in r.stdout.splitlines(), r.stdout
    hint = next(line for line in r.stdout.splitlines() if line.startswith(("Hint:", "Conseil :")))
    assert not re.search(r"\bT[SHDC]\b", hint), hint
    ten = parse_card("TD")
    typed = {"en": ("10D", "discard 10D"), "fr": ("10K", "écarte 10K")}[lang]
    assert (typed_text(ten, lang), typed_text(CardCall("discard", ten), lang)) == typed
    assert [parse_colour_action(text, lang=lang) for text in typed] == [ten, CardCall("discard", ten)]


@pytest.mark.parametrize(("lang", "call", "contract"), [
    ("fr", "propose cœur", "Contrat : emballage 8 cœur — vous + Est · Atout : ♥ cœur"),
    ("en", "propose H", "Contract: emballage 8 ♥ — you + East · Trump: ♥ hearts")])
def test_the_player_among_the_declarers_is_you_in_lower_case(tmp_path: Path, lang: Lang, call: str,
                                                              contract: str) -> None:
    """The player among a contract's declarers is written as inside any line (``vous + Est``, as
    ``gagnée par vous``): in the contract's line, the table's box and the deal's result (it was
    ``Vous + Est``). Seed 28: East proposes clubs, South hearts, and East accepts hearts."""
    r = runner.invoke(app, ["play", "--preset", "couleur", "-o", "deals=1", "--seed", "28", "--lang", lang,
                            "--records", str(tmp_path)], input=f"{call}\nq\n")
    assert r.exit_code == 0, r.output
    assert contract in " ".join(r.stdout.split()), r.stdout
    lines = [" ".join(line.strip("│ ").split()) for line in r.stdout.splitlines()]
    you = "vous" if lang == "fr" else "you"
    assert any(line.endswith(f"— {you} + {'Est' if lang == 'fr' else 'East'}") for line in lines), r.stdout
    assert not re.search(r"[—+] (?:Vous|You)\b", r.stdout), r.stdout


@pytest.mark.parametrize(("lang", "classic", "colour"), [
    ("fr", "À vous (Sud) — carte", "À vous (Sud) — annonce"),
    ("en", "Your turn (South) — card", "Your turn (South) — call")])
def test_both_games_ask_the_player_alike(tmp_path: Path, lang: str, classic: str, colour: str) -> None:
    """The question of the player's turn begins alike in both games, naming the seat and what is
    asked (colour whist asked « Vous — votre annonce », classic whist « À vous (Sud) — carte »)."""
    for game, head in (("classic", classic), ("couleur", colour)):
        r = runner.invoke(app, ["play", "--preset", game, "--lang", lang, "--seed", "5",
                                "--records", str(tmp_path)], input="q\n")
        assert r.exit_code == 0, r.output
        asked = [line for line in r.stdout.splitlines() if line.startswith(head)]
        assert asked and asked[0].endswith(("(? aide, q quitter) : q", "(? help, q quit): q")), r.stdout
