"""The reasons the game gives for a refused entry, in English and in French (whist.cards.Refusal).

Every ``IllegalAction`` / ``NotYourTurn`` / ``ParseError`` says why in English (``str(exc)``, as
before) and in French (``exc.fr``). The colour terminal game with ``lang`` ``fr`` prints the French
reason; the server's ``illegal`` error carries it as ``message_fr``; the page shows it in French.
"""

from __future__ import annotations

import ast
import asyncio
import copy
import functools
import io
import json
import pickle
import random
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text

from whist.actions import ASK, NO, YES, Call, IllegalAction, NotYourTurn, parse_action
from whist.auction import ACCEPT, PASS, TROU, WAIT, Auction, Bid, ColourCall, parse_call
from whist.bots import get_bot
from whist.cards import SEATS, Card, ParseError, Refusal, Seat, Suit, parse_card, parse_cards, parse_deal
from whist.colour_render import Lang
from whist.colour_session import ColourSession
from whist.colour_terminal import ColourTerminalGame
from whist.contracts import KINDS, Contract, parse_contract
from whist.couleur import ColourDeal, parse_colour_action, typed_text
from whist.engine import ClassicDeal
from whist.rules import preset, with_options
from whist.server.protocol import ILLEGAL, CommandError, error_json

SRC = Path(__file__).resolve().parent.parent / "src" / "whist"
REFUSALS = {"IllegalAction", "NotYourTurn", "ParseError", "Refusal", "SheetError", "ClassicSheetError",
            "TableError", "RulesError"}


def refusal(fn: Callable[[], object]) -> Refusal:
    """The refusal ``fn`` raises."""
    with pytest.raises(Refusal) as info:
        fn()
    return info.value


# ----- the base class ------------------------------------------------------------------------------


class TestRefusal:
    def test_english_is_str_and_french_is_fr(self) -> None:
        exc = IllegalAction("the deal is over", "la donne est terminée")
        assert isinstance(exc, ValueError) and isinstance(exc, Refusal)
        assert str(exc) == exc.en == exc.in_lang("en") == "the deal is over"
        assert exc.fr == exc.in_lang("fr") == "la donne est terminée"
        assert exc.args == ("the deal is over",)

    def test_without_french_the_english_text_serves(self) -> None:
        exc = ParseError("bad")
        assert exc.fr == exc.in_lang("fr") == str(exc) == "bad"

    def test_the_subclasses(self) -> None:
        assert issubclass(ParseError, Refusal) and issubclass(IllegalAction, Refusal)
        assert issubclass(NotYourTurn, IllegalAction)

    @pytest.mark.parametrize("exc", [ParseError("a", "b"), IllegalAction("c", "d"), NotYourTurn("e", "f"),
                                     ParseError("g")])
    def test_pickle_and_copy_keep_both_texts(self, exc: Refusal) -> None:
        for again in (pickle.loads(pickle.dumps(exc)), copy.copy(exc), copy.deepcopy(exc)):
            assert type(again) is type(exc)
            assert str(again) == str(exc) and again.fr == exc.fr and again.en == exc.en


# ----- representative refusals: English unchanged, French right ------------------------------------

# W deals, N leads. N holds the 13 spades, E the 13 clubs, S high hearts and diamonds, W the rest
# with the turned 2 of hearts: hearts are trump.
MUST_RUFF = "N:AKQJT98765432.-.-.- -.-.-.AKQJT98765432 -.AKQJT9.AKQJT98.- -.8765432.765432.-"
# N holds three aces (spades, hearts, diamonds), E the fourth.
THREE_ACES = "N:AKQJT.AKQJ.AKQJ.- -.-.-.AKQJT98765432 98765432.T98.T9.- -.765432.8765432.-"


def off_suit_turn(deal: ClassicDeal) -> tuple[ClassicDeal, Card, Suit]:
    """Play the first legal card until the player to act holds the suit led and another suit;
    that deal, a card of another suit in his hand, and the suit led."""
    while deal.to_act is not None:
        seat = deal.to_act
        hand = deal.view(seat).hand
        if deal.trick:
            led = deal.trick[0].suit
            off = [c for c in hand if c.suit is not led]
            if off and any(c.suit is led for c in hand):
                return deal, off[0], led
        deal = deal.apply(deal.legal_actions()[0])
    raise AssertionError("no turn with a choice to follow suit")


class TestClassic:
    def deal(self) -> ClassicDeal:
        return ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(3))

    def test_not_your_turn(self) -> None:
        d = self.deal()
        who = d.to_act
        assert who is not None
        other = who.left
        exc = refusal(lambda: d.apply(d.legal_actions()[0], other))
        assert isinstance(exc, NotYourTurn)
        assert str(exc) == f"it is {who.name_en}'s turn, not {other.name_en}'s"
        assert exc.fr == f"ce n'est pas à {other.name_fr} de jouer, c'est à {who.name_fr}"

    def test_a_card_not_held(self) -> None:
        d = self.deal()
        who = d.to_act
        assert who is not None
        card = next(c for c in parse_deal_cards() if c not in d.view(who).hand)
        exc = refusal(lambda: d.apply(card))
        # said to the player who chose it, as the terminal and the page show it
        assert str(exc) == f"you do not hold {card.in_lang('en')}"  # Q♠, as shown
        assert exc.fr == f"vous n'avez pas {card.in_lang('fr')} en main"  # as French players write it

    def test_not_following_suit(self) -> None:
        d, off, led = off_suit_turn(self.deal())
        exc = refusal(lambda: d.apply(off))
        assert str(exc) == f"{off.in_lang('en')}: you must follow suit and play a {led.name_en[:-1]}"
        assert exc.fr.startswith(f"{off.in_lang('fr')} : ")
        assert "fournir" in exc.fr and f"un {led.name_fr}" in exc.fr

    def test_must_trump(self) -> None:
        """Option ``must_trump`` (RULES.md D18): a player who cannot follow suit must ruff."""
        rules = with_options(preset("classic"), {"must_trump": True})
        d = ClassicDeal.new(rules, Seat.W, parse_deal(MUST_RUFF), parse_card("2H"))
        d = d.apply("AS").apply("2C")
        exc = refusal(lambda: d.apply("AD"))
        assert str(exc) == "A♦: you cannot follow suit and must ruff (option must_trump)"
        assert "couper" in exc.fr and "cœur" in exc.fr and exc.fr.startswith("A♦ : ")
        assert d.apply("9H").trick[-1] == parse_card("9H")  # a trump is taken

    def test_a_call_at_eight_not_allowed(self) -> None:
        d = self.deal()
        exc = refusal(lambda: d.apply("ask"))
        assert str(exc).startswith('you may ask "can you one?" only at 8 points')
        assert "honneurs" in exc.fr and "8 points" in exc.fr

    def test_a_call_refused_names_the_score_of_the_rules_games(self) -> None:
        """D19 calls at ``game_points`` − 2: in games of 5 the refusal says 3 points, not 8."""
        rules = with_options(preset("short"), {"call_at_eight": True})
        d = ClassicDeal.shuffled(rules, Seat.N, random.Random(3), (2, 0))
        exc = refusal(lambda: d.apply("ask"))
        assert str(exc).startswith('you may ask "can you one?" only at 3 points')
        assert "qu'à 3 points" in exc.fr

    def test_a_call_not_allowed_now_is_named_in_french_words(self) -> None:
        """The classic calls' French words (``oui``, ``appeler`` …) are those ``parse_action``
        reads; the French refusal uses them, cards as typed."""
        d = self.deal()
        legal = d.legal_actions()
        exc = refusal(lambda: d.apply("oui"))
        shown = ", ".join(c.text for c in legal[:3]) + "…"
        assert str(exc) == f"yes is not allowed now; allowed: {shown}"
        assert exc.fr == f"oui n'est pas autorisé maintenant ; actions autorisées : {shown}"
        assert "permis" not in exc.fr

    @pytest.mark.parametrize("call", [ASK, YES, NO, Call("claim", tuple(parse_cards("AS KS QS")))])
    def test_every_classic_call_reads_back_from_its_french_words(self, call: Call) -> None:
        assert call.text_fr == {"ask": "appeler", "yes": "oui", "no": "non",
                                "claim": "annoncer AS KS QS"}[call.kind]
        assert parse_action(call.text_fr) == call

    def test_the_deal_is_over(self) -> None:
        d = self.deal()
        while d.to_act is not None:
            d = d.apply(d.legal_actions()[0])
        exc = refusal(lambda: d.apply("AS"))
        assert (str(exc), exc.fr) == ("the deal is over", "la donne est terminée")


def parse_deal_cards() -> list[Card]:
    return [parse_card(r + s) for s in "SHDC" for r in "AKQJT98765432"]


class TestColour:
    def test_a_call_the_auction_refuses(self) -> None:
        a = Auction.start(preset("couleur"), Seat.N)
        exc = refusal(lambda: a.apply("accept"))
        assert str(exc).startswith("accept: there is no proposal (or misère, piccolo) of another"
                                   " player to accept. Legal calls: pass, wait, propose S")
        assert exc.fr.startswith("j'emballe : il n'y a pas de proposition")
        assert "accepter" in exc.fr
        assert str(exc).endswith(". Legal calls: pass, wait, propose S, propose C, propose D, propose H,"
                                 " emballage 9 S, emballage 9 C, …")
        listed = exc.fr.split(". Annonces permises : ")[1]
        assert listed == ("passe, j'attends, propose pique, propose trèfle, propose carreau, propose"
                          " cœur, emballage 9 pique, emballage 9 trèfle, …")
        # the calls in French words, as a player may type them
        assert [parse_call(w) for w in listed.split(", ")[:-1]] == list(a.legal_calls()[:8])

    def test_every_call_reads_back_from_its_french_words(self) -> None:
        """``text_fr`` is what a refusal lists in French; the player may type it back. Every
        contract of either rulebook, each level, each suit."""
        calls = [PASS, WAIT, ACCEPT, TROU]
        for kind in KINDS.values():
            for level in kind.levels or (None,):
                calls += [Bid(Contract(kind.key, level, suit)) for suit in (Suit if kind.suited else [None])]
        assert len(calls) > 70
        for call in calls:
            assert parse_call(call.text_fr) == call, call.text_fr

    def test_wait_is_refused_after_the_first_call(self) -> None:
        a = Auction.start(preset("couleur"), Seat.N).apply("pass")
        exc = refusal(lambda: a.apply("wait"))
        assert str(exc).startswith("wait: only eldest hand may wait")
        assert exc.fr.startswith("j'attends : seul le joueur à gauche du donneur peut attendre")

    def test_why_not_is_bilingual_for_every_reason(self) -> None:
        """Each reason ``Auction._why_not`` gives, in both languages."""
        rules = preset("couleur")
        start = Auction.start(rules, Seat.N)
        waited = start.apply("wait")  # N waited: a one-player contract is barred for him later
        for _ in range(3):
            waited = waited.apply("propose H" if waited.to_act is Seat.E else "pass")
        cases: list[tuple[Auction, str, str]] = [
            (start.apply("pass"), "wait", "attendre"),
            (start, "accept", "accepter"),
            (start, "trou", "trou s'annonce avant les autres annonces"),
            (start.apply("solo 7 H"), "solo 6 H", "ne bat pas la plus haute annonce"),
        ]
        if waited.to_act is Seat.N:
            cases.append((waited, "solo 7 H", "contrat solitaire"))
        for auction, text, french in cases:
            seat = auction.to_act
            assert seat is not None
            call = parse_call(text)
            en, fr = auction._why_not(seat, call, auction.legal_calls())
            assert en.startswith(f"{call.text}: ") and "Legal calls: " in en
            assert fr.startswith(f"{call.text_fr} : ") and "Annonces permises : " in fr
            assert french in fr, fr
            exc = refusal(functools.partial(auction.apply, text))
            assert (str(exc), exc.fr) == (en, fr)
        assert len(cases) == 5, "the auction after waiting did not come back to N"

    @pytest.mark.parametrize("name, options", [
        ("couleur", {}), ("couleur", {"solo_supremacy": True}), ("couleur", {"overbids": False}),
        ("couleur", {"propose_needs_card": True}), ("pagat", {})])
    def test_every_refused_bid_names_its_rule(self, name: str, options: dict[str, object]) -> None:
        """§5.4: the rules that allow a bid are the ones that say why another is refused (one
        piece of code), so no refusal of a bid falls back on a vague "not allowed now": on random
        auctions, at every turn, every bid of the ladder that is not legal gets its own reason."""
        rules = with_options(preset(name), options) if options else preset(name)
        rng = random.Random(5)
        ladder_bids = [c for c in Auction.start(rules, Seat.N).legal_calls() if c.contract is not None]
        refused = 0
        for _ in range(150):
            deck = list(range(52))
            rng.shuffle(deck)
            masks = [sum(1 << c for c in deck[i * 13:(i + 1) * 13]) for i in range(4)]
            a = Auction.start(rules, rng.choice(SEATS), (masks[0], masks[1], masks[2], masks[3]))
            while a.to_act is not None:
                seat = a.to_act
                legal = a.legal_calls()
                for bid in ladder_bids:
                    if bid in legal:
                        continue
                    en, fr = a._why_not(seat, bid, legal)
                    assert "do not allow it now" not in en and "ne la permettent pas" not in fr, en
                    refused += 1
                a = a.apply(rng.choice(legal) if rng.random() < 0.6 else PASS)
        assert refused > 10_000

    def test_trou_with_three_aces(self) -> None:
        d = ColourDeal.new(preset("couleur"), Seat.W, parse_deal(THREE_ACES))
        assert d.to_act is Seat.N and d.legal_actions() == (ColourCall("trou"),)
        exc = refusal(lambda: d.apply("pass"))
        assert str(exc) == "you hold three aces: you must announce trou"
        assert exc.fr == "vous avez trois as : vous devez annoncer trou"

    def test_not_your_turn_and_a_card_in_the_auction(self) -> None:
        d = ColourDeal.new(preset("couleur"), Seat.W, parse_deal(MUST_RUFF))
        assert d.to_act is Seat.N and d.phase == "auction"
        exc = refusal(lambda: d.apply("pass", Seat.S))
        assert isinstance(exc, NotYourTurn)
        assert exc.fr == "ce n'est pas à Sud de jouer, c'est à Nord"
        exc = refusal(lambda: d.apply("AS"))
        assert str(exc) == "AS: the auction is on; make a call (pass, propose H, …)"
        assert exc.fr.startswith("A♠ : les annonces sont en cours") and "passe" in exc.fr


    def test_text_that_is_no_card_in_play_is_said_to_be_no_card(self) -> None:
        """Once the auction is over, `ZZ` sent to a colour deal (the web table sends the text
        typed) was refused as "not a call (pass, wait, …)": a card is what is asked, as the
        terminal and classic whist say."""
        d = ColourDeal.new(preset("couleur"), Seat.W, parse_deal(MUST_RUFF)).apply("solo 6 S")
        while d.phase != "play":
            d = d.apply("pass")
        for text in ("ZZ", "hello", "10x"):
            exc = refusal(lambda text=text: d.apply(text))  # type: ignore[misc]
            assert str(exc).startswith(f"'{text}' is not a card (write rank then suit"), str(exc)
            assert exc.fr.startswith(f"« {text} » n'est pas une carte"), exc.fr
        exc = refusal(lambda: d.apply("pass"))  # a call is still told the auction is over
        assert str(exc) == "pass: the auction is over; type a card, like AS or 10C"


class TestParseErrors:
    def test_a_card(self) -> None:
        exc = refusal(lambda: parse_card("XS"))
        assert str(exc) == "'XS' is not a card (write rank then suit: AS, TD, 10D, ♦10, 2C)"
        assert exc.fr.startswith("« XS » n'est pas une carte")
        assert "AS, TD, 10D" in exc.fr  # card texts stay as typed

    def test_an_action(self) -> None:
        exc = refusal(lambda: parse_action("AS KS"))
        assert str(exc) == "'AS KS' is not an action: type one card, such as AS or 10D"
        assert "« AS KS » n'est pas une action" in exc.fr and "une seule carte" in exc.fr
        assert exc.fr.endswith("par exemple AS ou 10D")  # typed in English: English examples
        # typed in French, French examples: AS would be the ace of spades read the English way
        exc = refusal(lambda: parse_action("as et roi", "fr"))
        assert exc.fr == "« as et roi » n'est pas une action : tapez une seule carte, par exemple AP ou 10K"
        assert refusal(lambda: parse_action(" ", "fr")).fr.endswith("par exemple AP ou 10K")
        assert parse_action("AP", "fr") == parse_card("AS") and parse_action("10K", "fr") == parse_card("TD")

    def test_a_proposal_without_a_suit_shows_the_suit_letter_of_french(self) -> None:
        exc = refusal(lambda: parse_call("propose", lang="fr"))
        assert str(exc) == "propose what? name a suit: propose H"
        assert exc.fr == "proposer quelle couleur ? tapez par exemple « propose C » ou « propose cœur »"
        assert parse_call("propose C", lang="fr") == parse_call("propose cœur")
        exc = refusal(lambda: parse_call("propose C K", lang="fr"))
        assert exc.fr.endswith("comme « propose C » ou « propose cœur »")

    def test_a_call(self) -> None:
        exc = refusal(lambda: parse_colour_action("bof"))
        # the calls as the English game names them (it said "petite misère, abondance S" here)
        assert str(exc) == ("'bof' is not a call (pass, wait, accept, propose H (or hearts alone),"
                            " solo 7 H, small misère, abondance 9 S, …)")
        assert exc.fr.startswith("« bof » n'est pas une annonce (passe, j'attends, j'emballe,"
                                 " propose cœur (ou cœur seul), solo 7 cœur")

    def test_a_suit_missing_and_a_level_that_does_not_exist(self) -> None:
        exc = refusal(lambda: parse_call("solo 7"))
        assert str(exc) == "solo 7: name the trump suit too, like 'solo 7 H'"
        assert "couleur d'atout" in exc.fr and "« solo 7 cœur »" in exc.fr
        # typed as French players type it: C is cœur in French (an H is not a French suit letter)
        assert "« solo 7 C »" in exc.fr and " H" not in exc.fr
        assert parse_call("solo 7 C", lang="fr") == parse_call("solo 7 cœur")
        exc = refusal(lambda: parse_contract("petite misère 3"))
        assert str(exc) == "small misère takes no number of tricks"
        assert exc.fr == "la petite misère se joue sans nombre de plis"
        exc = refusal(lambda: parse_contract("solo 9"))
        assert exc.fr == "solo 9 n'existe pas (niveaux : 5, 6, 7, 8)"


# ----- no refusal left without French ----------------------------------------------------------------


def refusal_calls() -> list[tuple[str, int, ast.Call]]:
    """Every call of a refusal class in src/whist: file, line, the call."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if name in REFUSALS:
                    out.append((str(path.relative_to(SRC)), node.lineno, node))
    return out


def test_every_refusal_in_the_source_has_french() -> None:
    calls = refusal_calls()
    assert len(calls) > 60  # the scan sees them (62 when the French was added)
    missing = [f"{path}:{line}" for path, line, call in calls
               if not (len(call.args) >= 2 and not any(isinstance(a, ast.Starred) for a in call.args))
               and not any(k.arg == "fr" for k in call.keywords)]
    assert missing == [], "refusals without a French text: " + ", ".join(missing)


def test_every_bare_raise_of_a_refusal_class_is_a_call() -> None:
    """``raise IllegalAction`` without arguments would have no text in either language."""
    bare = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Name) and node.exc.id in REFUSALS:
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == []


# ----- the colour terminal game ------------------------------------------------------------------------


class Scripted:
    """The human's entries, chosen when asked: in the play, once a turn comes where he holds the
    suit led and another suit, he first types a card he does not hold, then a card of the other
    suit, then quits. Before that he types the first legal action. He types as players of
    ``lang`` do (in French ``RC``, roi de cœur)."""

    def __init__(self, session: ColourSession, human: Seat, lang: Lang) -> None:
        self.session = session
        self.human = human
        self.lang = lang
        self.queue: list[str] = []
        self.tried: tuple[Card, Card, Suit] | None = None

    def __call__(self, prompt: Text) -> str:
        if self.queue:
            return self.queue.pop(0)
        if self.tried is not None:
            raise EOFError
        v = self.session.view(self.human)
        if v.phase == "play" and v.trick:
            led = v.trick[0][1].suit
            hand = list(v.hand)
            off = [c for c in hand if c.suit is not led]
            if off and any(c.suit is led for c in hand):
                gone = {c for _, c in v.trick} | set(v.played_cards())
                absent = next(c for c in parse_deal_cards() if c not in hand and c not in gone)
                self.tried = (absent, off[0], led)
                self.queue = [off[0].text_in(self.lang)]
                return absent.text_in(self.lang).lower()
        return typed_text(v.legal[0], self.lang)


def play_colour_terminal(lang: Lang) -> tuple[str, tuple[Card, Card, Suit]]:
    """The colour terminal game in ``lang`` until the scripted bad entries; its output."""
    rules = with_options(preset("couleur"), {"deals": 3})
    for seed in range(30):
        session = ColourSession(rules, {s: get_bot("random") for s in SEATS if s is not Seat.S}, seed)
        out = io.StringIO()
        console = Console(file=out, width=240, color_system=None, force_terminal=False)
        reader = Scripted(session, Seat.S, lang)
        game = ColourTerminalGame(console, session, Seat.S, reader, lang=lang)
        assert game.run() is False
        if reader.tried is not None:
            return " ".join(out.getvalue().split()), reader.tried
    raise AssertionError("no seed where South may fail to follow suit")


def test_the_colour_terminal_in_french_gives_the_french_reason() -> None:
    text, (absent, off, led) = play_colour_terminal("fr")
    assert f"✗ vous n'avez pas {absent.in_lang('fr')} en main (? pour l'aide)" in text
    off_fr = off.in_lang("fr")
    assert f"{off_fr} : vous devez fournir à la couleur et jouer un {led.name_fr} (? pour l'aide)" in text
    assert "do not hold" not in text and "must follow suit" not in text and "for help" not in text
    assert " entame." in text or "Vous entamez." in text
    assert "leads" not in text and "You lead" not in text and "Everybody" not in text


def test_the_colour_terminal_in_english_is_unchanged() -> None:
    text, (absent, off, led) = play_colour_terminal("en")
    assert f"✗ you do not hold {absent.in_lang('en')} (? for help)" in text
    assert f"{off.in_lang('en')}: you must follow suit and play a {led.name_en[:-1]}" in text
    assert "fournir" not in text and "aide" not in text and "entame" not in text
    assert " leads." in text or "You lead." in text


# ----- the server and the page -------------------------------------------------------------------------


def test_a_websocket_error_is_said_in_both_languages_or_not_made() -> None:
    """A WebSocket error carries its message in English and in French, as an HTTP refusal does: one
    without its French cannot be made (it was sent without ``message_fr``, which only ``illegal``
    errors had)."""
    said = json.loads(error_json(ILLEGAL, "the deal is over", "la donne est terminée", 3))
    assert said == {"type": "error", "code": "illegal", "message": "the deal is over",
                    "message_fr": "la donne est terminée", "version": 3}
    with pytest.raises(TypeError):
        CommandError("stale", "look again")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        error_json("stale", "look again", 3)  # type: ignore[call-arg]


def test_the_table_refuses_an_action_in_both_languages(harness: Any) -> None:
    """``Table.act`` and the WebSocket: an ``illegal`` error carries ``message_fr``, the engine's
    reason in French, and so does every other error (``stale`` here)."""
    tid = harness.create(preset="couleur", seats={"N": "heuristic", "E": "heuristic", "W": "heuristic"},
                         seed=11)
    token = harness.join(tid, "Sam", "S")
    with harness.connect(tid) as ws:
        assert ws.hello(token)["seat"] == "S"
        m = ws.until(lambda m: m["type"] == "state" and m["deal"] and m["deal"]["view"]["to_act"] == "S")
        ws.flush()
        version = m["version"]
        phase = m["deal"]["view"]["phase"]
        table = harness.service.tables[tid]
        with pytest.raises(CommandError) as info:
            asyncio.run(table.act(Seat.S, "XS", version))
        assert info.value.code == ILLEGAL and info.value.message.startswith("'XS' is not a call")
        assert info.value.message_fr is not None
        assert info.value.message_fr.startswith("« XS » n'est pas une annonce")

        ws.send({"type": "act", "action": "XS", "version": version})
        err = ws.recv()
        assert err["type"] == "error" and err["code"] == "illegal"
        assert err["message"].startswith("'XS' is not a call")
        assert err["message_fr"].startswith("« XS » n'est pas une annonce")
        if phase == "auction":
            ws.send({"type": "act", "action": "AS", "version": version})
            err = ws.recv()
            assert err["message"] == "AS: the auction is on; make a call (pass, propose H, …)"
            assert err["message_fr"].startswith("A♠ : les annonces sont en cours")
        ws.send({"type": "act", "action": m["deal"]["view"]["legal"][0]["text"], "version": version - 1})
        err = ws.recv()
        assert err["code"] == "stale" and err["message_fr"] == (
            f"votre état est la version {version - 1}, la table en est à la {version} : regardez de"
            " nouveau et choisissez")


def test_every_websocket_error_is_said_in_french_too(harness: Any) -> None:
    """Every kind of error the table's WebSocket sends has its reason in French, ``message_fr``,
    besides the English ``message`` (only ``illegal`` had one, so a French page showed its own
    words for the others, or an English client nothing in French): each malformed message, a
    message before hello, a token that holds no seat, a spectator's act or leave, an act out of
    turn (before the start, nobody's turn; during the game, another's), an illegal or stale
    act, a table that does not exist. (``conflict`` needs two server processes:
    tests/test_server_storage.py.)"""
    from whist.server.protocol import ERRORS

    french: dict[str, str] = {}  # each message said, in English: in French
    codes: set[str] = set()

    def error(ws: Any, message: Any = None) -> dict[str, Any]:
        if isinstance(message, bytes):
            ws.session.send_bytes(message)
        elif message is not None:
            ws.send(message)
        err: dict[str, Any] = ws.until(lambda m: m["type"] == "error")
        assert isinstance(err["message_fr"], str) and err["message_fr"] != err["message"], err
        french[err["message"]] = err["message_fr"]
        codes.add(err["code"])
        return err

    tid = harness.create(preset="couleur", seats={"E": "random", "W": "random"}, seed=5)
    north = harness.join(tid, "Nora", "N")
    with harness.connect(tid) as watcher, harness.connect(tid) as nora:
        assert error(watcher, {"type": "leave"})["code"] == "no_hello"
        for bad in (b"{}", "x" * 5000, "{", "[]", {"type": "dance"}, {"type": "act", "action": "AS"},
                    {"type": "hello", "token": 5}):
            assert error(watcher, bad)["code"] == "malformed"
        assert error(watcher, {"type": "hello", "token": "nobody's"})["code"] == "bad_token"
        assert watcher.hello()["type"] == "welcome"
        assert error(watcher, {"type": "hello"})["code"] == "malformed"
        assert error(watcher, {"type": "act", "action": "pass", "version": 0})["code"] == "not_seated"
        assert error(watcher, {"type": "leave"})["code"] == "not_seated"
        assert nora.hello(north)["seat"] == "N"
        early = error(nora, {"type": "act", "action": "pass", "version": 0})
        assert (early["code"], early["message_fr"]) == ("not_your_turn", "ce n'est à personne de jouer")
        sam = harness.join(tid, "Sam", "S")  # the last seat: the game starts
        with harness.connect(tid) as south:
            assert south.hello(sam)["seat"] == "S"
            m = south.until(lambda m: m["type"] == "state" and m["deal"] is not None
                            and m["deal"]["view"]["to_act"] in ("N", "S"))
            south.flush()
            nora.flush()
            turn = m["deal"]["view"]["to_act"]
            player, other = (nora, south) if turn == "N" else (south, nora)
            wrong = error(other, {"type": "act", "action": "pass", "version": m["version"]})
            names = {"N": "Nord", "S": "Sud"}
            assert wrong["message_fr"] == (f"c'est à {names[turn]} de jouer, pas à"
                                           f" {names['S' if turn == 'N' else 'N']}")
            version = m["version"]
            assert error(player, {"type": "act", "action": "XS", "version": version})["code"] == "illegal"
            legal = player.state()["deal"]["view"]["legal"][0]["text"]
            assert error(player, {"type": "act", "action": legal, "version": version - 1})["code"] == "stale"
    with harness.connect("nothing") as ws:
        gone = error(ws)
        assert (gone["message"], gone["message_fr"]) == ("no table 'nothing'", "pas de table « nothing »")
    assert codes == set(ERRORS) - {"conflict"}
    assert len(french) == len(set(french.values())) == 17  # each reason its own French


NODE_CHECK = """
globalThis.localStorage = { store: {}, getItem(k) { return this.store[k] ?? null; },
                            setItem(k, v) { this.store[k] = v; } };
globalThis.document = { documentElement: {} };
const { errorText, has, lang, setLang, t } = await import(process.argv[2]);
const { cardText, rankText } = await import(process.argv[3]);
const out = {};
const cards = ["KS", "QH", "JD", "TD", "AC", "2S"];
const again = ["again", "again_join", "again_open", "over_here"];  // playing again with the same
setLang("fr");
out.fr_again = again.map((k) => has(k) && t(k));
out.fr_not_over = errorText("not_over", "this game is not over");
out.fr_with = errorText("illegal", "7H: you must follow suit", "7H : vous devez fournir");
out.fr_without = errorText("illegal", "7H: you must follow suit");
out.fr_cards = cards.map((c) => cardText(c, lang()));
out.fr_ranks = cards.map((c) => rankText(c, lang()));
setLang("en");
out.en_with = errorText("illegal", "7H: you must follow suit", "7H : vous devez fournir");
out.en_cards = cards.map((c) => cardText(c, lang()));
out.en_again = again.map((k) => has(k) && t(k));
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_shows_the_french_reason_in_french(tmp_path: Path) -> None:
    """i18n.js ``errorText``: the server's French message in French, when it sent one; else the
    French words of the code; in English the English message. app.js passes ``message_fr``.
    cards.js writes a card in the page's language: R D V (roi, dame, valet) in French, K Q J in
    English, 10 in both, as the server's French messages do (``Card.in_lang``)."""
    script = tmp_path / "check.mjs"
    script.write_text(NODE_CHECK, encoding="utf-8")
    i18n = (SRC / "web" / "i18n.js").as_uri()
    cards = (SRC / "web" / "cards.js").as_uri()
    r = subprocess.run(["node", str(script), i18n, cards], capture_output=True, text=True, timeout=60,
                       check=False)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    # the words of playing again, in both languages, each language's own
    fr_again, en_again = out.pop("fr_again"), out.pop("en_again")
    assert all(fr_again) and all(en_again) and not set(fr_again) & set(en_again), (fr_again, en_again)
    assert fr_again[0] == "Rejouer avec les mêmes" and en_again[0] == "Play again with the same players"
    assert out.pop("fr_not_over") == "La partie n'est pas encore finie."
    texts = ["KS", "QH", "JD", "TD", "AC", "2S"]
    # the page's French sets a no-break space before a colon, as French does (i18n.js frenchSpaces)
    assert out == {"fr_with": "7H\u00a0: vous devez fournir",
                   "fr_without": "Les règles ne permettent pas ce coup maintenant.",
                   "en_with": "7H: you must follow suit",
                   "fr_cards": ["R♠", "D♥", "V♦", "10♦", "A♣", "2♠"],
                   "fr_ranks": ["R", "D", "V", "10", "A", "2"],
                   "en_cards": ["K♠", "Q♥", "J♦", "10♦", "A♣", "2♠"]}
    assert out["fr_cards"] == [parse_card(t).in_lang("fr") for t in texts]
    assert out["en_cards"] == [parse_card(t).pretty for t in texts]
    app = (SRC / "web" / "app.js").read_text(encoding="utf-8")
    assert "errorText(m.code, m.message, m.message_fr)" in app


NODE_NO_MESSAGE = """
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
globalThis.document = { documentElement: {} };
const { errorText, setLang } = await import(process.argv[2]);
const { failText } = await import(process.argv[3]);
const codes = JSON.parse(process.argv[4]);
const out = {};
for (const lang of ["fr", "en"]) {
  setLang(lang);
  out[lang] = codes.map((code) => errorText(code, ""));
  // what api() throws when the server cannot be reached: an Error with no message
  out[lang + "_network"] = failText(Object.assign(new Error(""), { code: "network" }));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_an_error_without_the_servers_words_is_said_in_the_pages_language(tmp_path: Path) -> None:
    """An error the server sent no words for (a proxy's own error page, no network at all) is said
    by its code in the page's language: on an English page in English, not in French, and not as
    "Error", the name of the script's error (dom.js ``failText``, i18n.js ``errorText``)."""
    i18n = (SRC / "web" / "i18n.js").read_text(encoding="utf-8")
    codes = sorted(set(re.findall(r"^\s*err_(\w+):", i18n, re.MULTILINE)))
    assert {"network", "http_error", "not_found"} <= set(codes), codes
    script = tmp_path / "check.mjs"
    script.write_text(NODE_NO_MESSAGE, encoding="utf-8")
    modules = [(SRC / "web" / name).as_uri() for name in ("i18n.js", "dom.js")]
    r = subprocess.run(["node", str(script), *modules, json.dumps(codes)], capture_output=True, text=True,
                       timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for code, fr, en in zip(codes, out["fr"], out["en"], strict=True):
        assert fr and en and fr != en, (code, fr, en)
        assert not re.search(r"[àâçéèêëîôûœ]|\b(le|la|les|une|est|pas)\b", en), (code, en)
    assert out["fr_network"] == "Le serveur ne répond pas."
    assert out["en_network"] == "The server does not answer."
