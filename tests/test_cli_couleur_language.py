"""What the terminal game of colour whist (RULES.md §5) says in the language chosen (``--lang``):
the calls, the cards, the seats (O for Ouest), the hints, the help and its refusals, in French
and in English. The lines typed are made as in test_cli_couleur.py.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from test_cli_couleur import (
    actions_of,
    english,
    find_seed,
    flat,
    french,
    in_both_languages,
    play,
    refused,
    rules_of,
    run,
    script,
)

from whist.auction import parse_call
from whist.bots import get_bot
from whist.cards import SEATS, Lang, ParseError, Seat, parse_card, parse_seat
from whist.colour_render import _needed
from whist.colour_session import ColourSession
from whist.colour_terminal import ColourTerminalGame
from whist.contracts import Contract
from whist.couleur import CardCall, parse_colour_action, typed_text


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
    (test_terminal_language.py has the finished calls). (Seed 1: after South's pass North and
    East play an emballage, and South leads.)"""
    r = run("play", "--preset", "couleur", "--seed", "1", "--lang", lang, "--records", str(tmp_path),
            input="pass\nZZ\nabondance\n7 coeurr\nq\n")
    assert r.exit_code == 0, r.output
    asked = "À vous (Sud) — carte" if lang == "fr" else "Your turn (South) — card"
    assert asked in r.stdout.split("ZZ")[0].splitlines()[-1]
    assert refused(r.stdout) == ["✗ " + not_a_card.format("ZZ"), "✗ " + over,
                                 "✗ " + not_a_card.format("7 coeurr")]


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
    assert "Plis N 0 · E 0 · S 0 · O 0" in fr and "W 0" not in fr
    assert "Marque N 0 · E 0 · S 0 · O 0" in fr


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
                  if line.startswith(("Last trick:", "Dernier pli :"))]
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


@pytest.mark.parametrize(("lang", "ahead", "told", "score", "last", "helped"), [
    ("en", "KH", "✗ The deal is over: press Enter for the next one (s the score, l the last trick)",
     "Session: 1 of 2 deals played", "Last trick: ", "Between deals: Enter the next deal"),
    ("fr", "RC", "✗ La donne est finie : appuyez sur Entrée pour la suivante (s la marque, l le dernier"
     " pli)", "Partie : 1 donne jouée sur 2", "Dernier pli : ",
     "Entre deux donnes : Entrée la donne suivante")])
def test_a_card_typed_at_the_pause_between_deals_is_said_to_wait(lang: Lang, ahead: str, told: str,
                                                                 score: str, last: str, helped: str) -> None:
    """A card typed ahead at the pause between deals is not taken for Enter without a word (it
    started the next deal and was lost): the game says the deal is over and asks again. The
    game's commands work there: ``s`` the score, ``l`` the last trick (the last card, played by
    itself, may have hidden it), ``?`` the help of the pause (it was the help of a turn: an empty
    list of cards to play, and the hint); a hint, with nothing to choose, is said to wait too."""
    session = ColourSession(rules_of("couleur"), {s: get_bot("random") for s in SEATS if s is not Seat.S}, 4)
    typed = [ahead, "s", "l", "?", "hint", ""]
    asked: list[str] = []

    def read_line(prompt: Text) -> str:
        if session.needs_deal:
            asked.append(prompt.plain)
            return typed.pop(0)
        return typed_text(session.view(Seat.S).legal[0], lang)

    out = io.StringIO()
    assert ColourTerminalGame(Console(file=out, width=200, color_system=None), session, Seat.S, read_line,
                              pause=True, lang=lang).run()
    text = out.getvalue()
    assert len(asked) == 6 and typed == [] and text.count(told) == 2, text  # the card, the hint
    assert text.count(score) == 2, text  # after the deal, and on s
    pause = text.index(told)  # (the card typed ahead, at the pause)
    assert last in text[pause:] and helped in text[pause:], text
    assert "Command" not in text and "Legal now" not in text and "Jouable" not in text, text


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
    assert "propose cœur (ou la couleur seule, en toutes lettres : cœur), emballage 9 cœur" in fr
    assert "propose H / propose cœur (or the suit alone, in full: hearts, cœur), emballage 9 H" in en
    assert "Écartez une carte face cachée : tapez écarte AP (ou la carte seule)" in fr  # a sentence
    assert "Permis : écarte AP · écarte 5P" in fr
    # said as each one's discard is then said (Est écarte une carte face cachée), no full stop
    assert "Chacun écarte une carte face cachée " in fr and "cachée." not in fr
    assert "Every player discards one card face down " in en and "face down." not in en
    assert "Tapez une carte, la valeur puis la couleur : RC, 10K, DP, VT" in fr
    assert "couleurs P pique, C cœur, K carreau, T trèfle" in fr
    assert fr.count("Commandes : ? aide · t table · a annonces · l dernier pli") == 3
    assert "Commands:" not in fr and "Type a card" not in fr and "Calls in English" not in fr
    assert "(? help, q quit):" in en and "Commandes" not in en
    assert "Discard one card face down: type discard AS (or just the card)" in en
    assert "Legal now: discard AS · discard 5S" in en


def test_the_bots_are_named_in_french_with_lang_fr(tmp_path: Path) -> None:
    """The header names the bots at the other seats in the language of --lang: "Robots : Nord …,
    Ouest …" in French (it said "Bots: North …, West …"), as before in English; classic whist
    too. Each bot by the name --bots takes, and what it is in that language where the name does not
    say it (the web page's words: très fort, moyen; the names alone were English words in French)."""
    def header(*args: str) -> str:
        r = run("play", "--seed", "1", "--bots", "random,pimc,heuristic", "--records", str(tmp_path),
                *args, input="q\n")
        assert r.exit_code == 0, r.output
        lines: list[str] = r.stdout.splitlines()
        return next(line for line in lines if line.startswith(("Bots", "Robots")))

    french = "Robots : Nord random (au hasard), Est pimc (très fort), Ouest heuristic (moyen)"
    english = "Bots: North random, East pimc (very strong), West heuristic (medium)"
    assert header("--preset", "couleur", "--lang", "fr") == french
    assert header("--preset", "couleur", "--lang", "fr", "--seat", "W") == \
        "Robots : Nord random (au hasard), Est pimc (très fort), Sud heuristic (moyen)"
    assert header("--preset", "couleur") == english
    assert header("--preset", "classic", "--lang", "fr") == french
    assert header("--preset", "classic") == english


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
    ("fr", "Il faut : aucun pli (12 plis dans la donne)")])
def test_the_petite_misere_contract_line_says_what_is_needed(tmp_path: Path, lang: str,
                                                             needed: str) -> None:
    """Petite misère (RULES.md §5.5): no trick, in a deal of 12 tricks once each player has
    discarded; the contract line says so as soon as the auction ends, like every contract's. (Seed
    1: South bids it first and nobody joins him.)"""
    r = run("play", "--preset", "couleur", "--seed", "1", "--lang", lang, "--records", str(tmp_path),
            input="petite misère\nq\n")
    line = next(x for x in re.split("Contract: |Contrat : ", flat(r.stdout))[1:] if "misère" in x)
    assert needed in re.split("Your hand|Votre main", line)[0], line


@pytest.mark.parametrize(("kind", "needed", "en", "fr"), [
    ("chelem", 13, "all 13 tricks", "les 13 plis"),
    ("solo", 7, "at least 7 tricks", "au moins 7 plis"),
    ("grande_misere", 0, "no trick", "aucun pli"),
    ("piccolo", 1, "exactly 1 trick", "exactement 1 pli"),
])
def test_what_is_needed_is_said_as_french_says_it(kind: str, needed: int, en: str, fr: str) -> None:
    """« Il faut : les 13 plis » for a slam (it said « au moins 13 levées »), « aucun pli » for a
    misère (it said « exactement 0 levée »); colour whist's tricks are plis (seed 003), where they
    were levées."""
    c = Contract(kind, needed if kind == "solo" else None)
    assert (_needed(c, needed, "en"), _needed(c, needed, "fr")) == (en, fr)
    if kind == "grande_misere":
        assert _needed(c, 0, "fr", declarers=2) == "aucun pli chacun"


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
    ranks, R D V (roi, dame, valet), 10 as 10; in English with K Q J, as before. (Seed 1: after
    South's pass North and East play an emballage, and South leads, with two kings.)"""
    out = {}
    for lang in ("en", "fr"):
        r = run("play", "--preset", "couleur", "--seed", "1", "--lang", lang, "--records", str(tmp_path),
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
    ("fr", ["C", "je demande cœur", "cœur"],
     ["✗ « C » : une lettre seule n'est pas une annonce ; pour proposer cœur, tapez « cœur » ou"
      " « propose cœur »",
      "✗ « je demande cœur » n'est pas une annonce (passe, j'attends, j'emballe, propose cœur (ou cœur"
      " seul),"],
     "Vous dites « propose cœur »"),
    ("en", ["D", "hearts"], ["✗ 'D': a letter alone is no call; to propose diamonds, type 'diamonds' or"
                             " 'propose D'"], "You say propose ♥"),
])
def test_a_suit_named_alone_proposes_it(tmp_path: Path, lang: str, typed: list[str], told: list[str],
                                        said: str) -> None:
    """Seed 003: a player « annonce une couleur »; RULES.md §5.4 rule 3: « cœur » typed where the
    proposal of hearts is legal (seed 3, South's first call) proposes it (it was refused, saying to
    type « propose cœur »). A letter alone is none (``s``, ``t``, ``h`` are the terminal's
    commands); a sentence starting with « je » that is no proposal is no call."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input="\n".join([*typed, "q"]) + "\n")
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert len(refused(r.stdout)) == len(told) and all(t in out for t in told), out
    assert "une seule couleur" not in out and said in r.stdout, out


@pytest.mark.parametrize(("lang", "typed", "told", "said"), [
    ("fr", ["pique", "cœur", "j'emballe"],
     ["✗ « pique », c'est-à-dire « propose pique » : cette annonce ne bat pas la plus haute annonce"
      " (propose cœur) ; en pique, vous pouvez annoncer « emballage 9 pique ». Annonces permises :"
      " passe, j'emballe, emballage 9 pique,",
      "✗ « cœur », c'est-à-dire « propose cœur » : cœur est déjà proposé ; pour emballer cette"
      " proposition, tapez « j'emballe ». Annonces permises :"],
     "Vous dites « j'emballe »"),
    ("en", ["spades", "♥", "accept"],
     ["✗ 'spades', that is 'propose S': it does not beat the top bid (propose H); in spades you may"
      " bid 'emballage 9 S'. Legal calls: pass, accept, emballage 9 S,",
      "✗ '♥', that is 'propose H': hearts are proposed already; to join that proposal, type 'accept'."],
     "You say accept"),
])
def test_a_suit_alone_that_cannot_be_proposed_is_refused_saying_what_to_type(
        tmp_path: Path, lang: str, typed: list[str], told: list[str], said: str) -> None:
    """RULES.md §5.4 rules 3 and 4 (seed 3, West: South has proposed hearts): a lower suit does not
    beat the proposal, and the refusal names the emballage that would; hearts are proposed already,
    and the refusal says to type « j'emballe », which is not read from the suit alone. The game
    goes on: the next line is West's call."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--seat", "W", "--lang", lang, "--records",
            str(tmp_path), input="\n".join([*typed, "q"]) + "\n")
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert len(refused(r.stdout)) == len(told) and all(t in out for t in told), out
    assert said in r.stdout, out


@pytest.mark.parametrize(("lang", "show", "said", "told", "needed"), [
    ("fr", "montre 4C", "Vous montrez une carte : sa couleur est l'atout",
     " ; en ♥ cœur, la couleur de votre as, il faudra 8 plis, dans une autre couleur 9.",
     "Il faut : au moins 8 plis"),
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
    assert ("✗ 'bof' is not a call (pass, wait, accept, propose H (or hearts alone), solo 7 H, small misère,"
            " abondance 9 S, …) (? for help)") in out, out


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("fr", "pt misère", "Vous dites « petite misère »"), ("fr", "gde misère", "Vous dites « grande misère »"),
    ("fr", "picolo", "Vous dites « piccolo »"), ("fr", "abondence pique", "Vous dites « abondance 9 pique »"),
    ("fr", "picolissimo", "Vous dites « piccolissimo »"),
    ("fr", "solo 7 plis cœur", "Vous dites « solo 7 cœur »"),
    ("en", "no bid", "You say pass"),
])
def test_a_call_written_as_clubs_write_it_is_made(tmp_path: Path, lang: str, typed: str, said: str) -> None:
    """RULES.md §5.5 names, as club players write them (« pt misère », « picolo », "no bid"; seed
    003's « picolissimo » and « 7 plis en solo »): the
    call is made at the first turn of seed 3, where each is legal; they were « … n'est pas une
    annonce »."""
    r = run("play", "--preset", "couleur", "--seed", "3", "--lang", lang, "--records", str(tmp_path),
            input=f"{typed}\nq\n")
    assert r.exit_code == 0, r.output
    assert not refused(r.stdout) and said in flat(r.stdout), r.stdout


@pytest.mark.parametrize(("lang", "listed", "told", "said"), [
    ("fr", "Annonces permises : passe · j'emballe (petite misère d'Est) · solo 8",
     "✗ petite misère : cette annonce ne bat pas la plus haute annonce (petite misère) ; pour emballer"
     " cette petite misère, tapez « j'emballe ».", "Vous dites « j'emballe »"),
    ("en", "Legal calls: pass · accept (East's small misère) · solo 8",
     "✗ small misère: it does not beat the top bid (small misère); to join that small misère, type"
     " 'accept'.", "You say accept"),
])
def test_a_misere_on_top_is_joined_by_accepting_it(tmp_path: Path, lang: str, listed: str, told: str,
                                                   said: str) -> None:
    """RULES.md §5.4 rule 4 and D6 (seed 6: East bids petite misère before South's first call): the
    legal calls say what accepting joins, as the web's button does (« J'emballe (Est petite
    misère) »); the misère typed again is refused saying to type « j'emballe »; seed 003's
    « emballage de misère » is that acceptance (it was « … n'est pas une annonce »)."""
    r = run("play", "--preset", "couleur", "--seed", "6", "--lang", lang, "--records", str(tmp_path),
            input="petite misère\nemballage de misère\nq\n")
    assert r.exit_code == 0, r.output
    out = flat(r.stdout)
    assert listed in out and told in out and said in r.stdout, out
    assert len(refused(r.stdout)) == 1, out
