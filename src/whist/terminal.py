"""The terminal game: one human seat against three bots, deal after deal to the end of the match.

:class:`TableTerminal` is what the games share: the loop deal after deal, the input loop of the
human's turn, the trick on the table, the last trick. :class:`TerminalGame` is classic whist
(colour whist: :class:`~whist.colour_terminal.ColourTerminalGame`).

In classic whist the screen shows the human's hand sorted and coloured by suit, the trick on the
table with who played what, trump and the turned card, tricks won per side, the game score, the
games of the rubber and whose turn it is. The player types a card (``AS``, ``10d``, ``♦10``), a
call when it is legal (``ask``), ``?`` for help or ``q`` to quit. Every entry goes to the engine;
its ``IllegalAction`` / ``ParseError`` message is shown (in the terminal's ``lang``) and the entry
asked again.

Input is read line by line, so the game also runs with stdin from a pipe or a file (the tests
feed it). On quitting (``q``, Ctrl-D at a terminal, end of input, Ctrl-C) or at the end, the match
record is saved.
"""

from __future__ import annotations

import contextlib
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Generic, Literal, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from whist import record
from whist.actions import ASK, Action, Call, action_text_fr
from whist.bots import AnyAction, AnyView
from whist.cards import Card, Lang, Refusal, Seat, visible_text
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal, View
from whist.match import Match
from whist.render import (
    TRICK_WORDS,
    TrickWords,
    action_text,
    card_text,
    colon,
    deal_result,
    game_text,
    hand_text,
    label,
    match_summary,
    number,
    pair,
    rubber_text,
    rubber_word,
    rubber_words,
    say,
    seat_letter,
    seat_word,
    shown_text,
    side_name,
    suit_text,
    term,
    trump_line,
)
from whist.session import DealLike, Event, TableEvent, TableSession

if TYPE_CHECKING:
    from whist.bots.pimc import CardChoice

__all__ = ["Quit", "TableTerminal", "TerminalGame", "line_reader", "save_match", "your_hand"]

QUIT_WORDS = {"q", "quit", "exit", "quitter"}
HELP_WORDS = {"?", "h", "help", "aide"}
TABLE_WORDS = {"t", "table"}
LAST_WORDS = {"l", "last", "dernière", "derniere"}
SCORE_WORDS = {"s", "score", "marque"}
HINT_WORDS = {"hint", "conseil"}
LONGEST_ENTRY = 80
"""The longest line the game reads as an entry (the longest call, ``grande misère sur table``, and
its spaces, many times over)."""

M = TypeVar("M")
D = TypeVar("D", bound=DealLike)
A = TypeVar("A")
V = TypeVar("V", bound=AnyView)
MatchT = TypeVar("MatchT", bound=Match | ColourMatch)


class Quit(Exception):
    """The player asked to stop."""


UNWEIGHED_HINTS: dict[str, tuple[str, str]] = {
    "only": ("clear choice: the only one allowed", "choix évident : {only}"),
    "equivalent": ("equivalent cards: any does the same", "cartes équivalentes : toutes se valent"),
    "rule": ("rule-of-thumb choice, not evaluated", "choix d'usage, non évalué"),
    "few": ("rule-of-thumb choice: {n} sampled deal{s}, too few to weigh the calls",
            "choix d'usage : {n} donne{s_fr} tirée{s_fr}, trop peu pour comparer les annonces"),
}
"""What a hint says of a choice that weighed no alternatives, by its ``basis``, in English and
French (``{n}``: the deals sampled, for ``"few"``, ``{s}`` and ``{s_fr}`` the plural's s in each
language; ``{only}``: the only card or call allowed, in words that agree with it, for
``"only"``)."""


def hint_text(choice: CardChoice, words: Callable[[AnyAction], str] = lambda a: a.text,
              lang: Lang | None = None) -> Text:
    """``Hint / conseil: KH (+2.3 points) · AS +1.9 · 7C +0.4 (40 sampled deals / donnes tirées)`` in ``lang``
    (both for ``None``), each action in the ``words`` it is typed with (``propose cœur`` in a
    French colour game); a choice that weighed nothing says why instead of the points
    (``UNWEIGHED_HINTS``)."""
    out = Text.assemble((f"{term('hint', lang)}{colon(lang)} ", "bold"), (words(choice.best), "bold green"))
    if not choice.searched:
        only = "la seule carte permise" if isinstance(choice.best, Card) else "la seule annonce permise"
        n = choice.samples
        why = say(*UNWEIGHED_HINTS[choice.basis], lang)
        out.append(f" ({why.format(n=n, s='' if n == 1 else 's', s_fr='' if n < 2 else 's', only=only)})")
        return out
    ranked = choice.ranked()
    def signed(v: float) -> str:  # French writes a decimal comma: +12,80
        return number(v, "+.2f", lang)

    out.append(f" ({signed(choice.values[choice.best])} points)")
    for action, value in [kv for kv in ranked if kv[0] != choice.best][:3]:
        out.append(f" · {words(action)} {signed(value)}")
    n = choice.samples  # the deals pimc drew to weigh them, not those of the session
    s = "" if n == 1 else "s"
    out.append(f"  ({n} {say(f'sampled deal{s}', f'donne{s} tirée{s}', lang)}", style="dim")
    if ranked and ranked[0][1] > choice.values[choice.best] + 1e-9:  # kept by pimc's trust in it
        out.append(say("; kept as the rule of thumb's card: so few deals leave the others' lead"
                       " in doubt", " ; gardée comme carte d'usage : si peu de donnes laissent"
                       " l'avance des autres dans le doute", lang), style="dim")
    out.append(")", style="dim")
    return out


CARD_HELP: dict[Lang, str] = {
    "en": "Type a card as rank then suit: AS, KH, 10d or TD, 2c, ♦10 (S H D C or ♠ ♥ ♦ ♣).",
    "fr": "Tapez une carte, la valeur puis la couleur : RC, 10K, DP, VT, AC, 7t ou ♦10"
          " (valeurs A as, R roi, D dame, V valet, 10 … 2 ; couleurs P pique, C cœur,"
          " K carreau, T trèfle, ou ♠ ♥ ♦ ♣). L'anglais est compris aussi (KS, QH, JD, TD),"
          " mais ce qui se lit dans les deux langues se lit en français : AC est l'as de"
          " cœur, 9C le neuf de cœur.",
}
"""How to type a card, in the terminal's language (either game's help)."""

def turn_prompt(seat: Seat, what: tuple[str, str], lang: Lang) -> Text:
    """The head of the question of the player's turn, alike in both games: what is asked of the
    seat, ``what`` in English and French (« À vous (Sud) — carte », "Your turn (South) — call")."""
    return Text(f"{say('Your turn', 'à vous', lang)} ({seat_word(seat, lang)}) — {say(*what, lang)}",
                style="bold")


def legal_cards_text(cards: Sequence[Card], lang: Lang) -> Text:
    """``Jouable maintenant : 6♠ R♠ (tapez 6P RP)``: the cards the help offers, as shown and as
    typed in ``lang`` (either game)."""
    t = Text(f"{term('legal_now', lang)}{colon(lang)} ")
    for c in cards:
        t.append_text(card_text(c, lang=lang))
        t.append(" ")
    typed = " ".join(c.typed(lang) for c in cards)
    t.append(f"({say('type', 'tapez', lang)} {typed})" if cards else "", style="dim")
    return t


NEXT_DEAL: dict[Lang, str] = {
    "en": "Press Enter for the next deal (q to quit): ",
    "fr": "Entrée pour la donne suivante (q pour quitter) : ",
}
"""What either game asks between deals when it pauses."""

BETWEEN_DEALS: dict[Lang, str] = {
    "en": "Between deals: Enter the next deal · s score · l {last} · t table · q quit (the match"
          " record is saved).",
    "fr": "Entre deux donnes : Entrée la donne suivante · s marque · l {last} · t table ·"
          " q quitter (la partie est enregistrée).",
}
"""The help (``?``) between deals, in the terminal's language, ``{last}`` the last trick's name."""


def your_hand(cards: Iterable[Card], playable: Iterable[Card] | None = None, lang: Lang = "en") -> Text:
    """``Your hand: ♠ A K 7 …``, the cards not in ``playable`` dimmed, in ``lang`` (in French
    ``Votre main : ♠ A R 7 …``)."""
    return Text.assemble((f"{term('your_hand', lang)}{colon(lang)} ", "bold"),
                         hand_text(cards, playable, lang))


@dataclass
class TableTerminal(ABC, Generic[M, D, A, V]):
    """The terminal front end of a :class:`~whist.session.TableSession` with a human at
    ``human``, for either game: the game's loop deal after deal, and the input loop of the
    human's turn (the prompt, ``?`` and the other commands, ``q``; end of input and Ctrl-C stop
    the game too; a refused entry is explained and asked again). Each game says what is shown.

    ``read_line(prompt)`` returns the next line typed (without its newline) and raises
    ``EOFError`` at the end of input (:class:`Quit`, as ``q``, for Ctrl-D at a terminal:
    :func:`line_reader`); ``pause`` asks for Enter between deals; ``lang`` is the
    one language of all that the game shows (labels, seats, suits, help, hints, the reasons given
    for a refused entry).
    """

    console: Console
    session: TableSession[M, D, A, V]
    human: Seat
    read_line: Callable[[Text], str]
    pause: bool = False
    hints: bool = False
    """Show the strong player's suggestion at each of the human's turns (``whist play --hint``)."""
    hint_budget: float | None = None
    lang: Lang = "en"
    stopped_by: Literal["quit", "end of input", "interrupt"] | None = None
    """Why :meth:`run` stopped before the end of the match: ``q``, the end of input or Ctrl-C."""
    _trick: list[tuple[Seat, Card]] = field(default_factory=list)
    _last_trick: list[tuple[Seat, Card]] = field(default_factory=list)

    retry_hints: ClassVar[dict[Lang, str]] = {"en": "(? for help)", "fr": "(? pour l'aide)"}
    """Said after the engine's message when an entry is refused, in the terminal's language."""
    compass_width: ClassVar[int] = 11
    """The width of a seat's cell in :meth:`_compass`."""
    trick: ClassVar[TrickWords] = TRICK_WORDS[False]
    """A trick in French: a ``levée`` in classic whist, a ``pli`` in colour whist."""

    @property
    def card_lang(self) -> Lang:
        """The language cards are shown and typed in: the terminal's (in French ``R♠``, typed
        ``RP``), so that a refused card is named as the hand shows it."""
        return self.lang

    # ----- the loop -----------------------------------------------------------------

    def run(self) -> bool:
        """Play until the match is over (``True``) or the player quits (``False``)."""
        s = self.session
        try:
            while not s.is_over:
                if s.needs_deal:
                    s.start_deal()
                    self._show_deal_start()
                    continue
                event = s.step()
                if event is None:
                    event = self._ask_human()
                self._show_event(event)
                if event.ends_deal:
                    self._show_deal_end(event)
                    if self.pause and not s.is_over:
                        self._wait_for_next_deal()
        except (Quit, EOFError, KeyboardInterrupt) as exc:
            if isinstance(exc, KeyboardInterrupt | EOFError):
                self.console.print()
            self.stopped_by = ("quit" if isinstance(exc, Quit)
                               else "end of input" if isinstance(exc, EOFError) else "interrupt")
            self.console.print(f"[bold]{term('stopped', self.lang)}.[/]")
            return False
        self._show_end()
        return True

    def _result_title(self, number: int) -> str:
        """The head of deal ``number``'s result: ``Deal 3 result``, ``Résultat de la donne 3``."""
        return say(f"Deal {number} result", f"Résultat de la donne {number}", self.lang)

    def _wait_for_next_deal(self) -> None:
        """Ask for Enter between deals; the game's commands work there (``s`` the score, ``l`` the
        last trick, which the last card played by itself may have hidden, ``t`` the table, ``?``
        the help), but a hint, with nothing to choose; anything else (a card typed ahead) is said
        to wait for the next deal; then asked again."""
        while line := self._read(self._next_deal_prompt()):
            word = line.lower()
            if word in HELP_WORDS:  # not the help of a turn: nothing to play or call here
                last = say("last trick", self.trick.last, self.lang)
                self.console.print(BETWEEN_DEALS[self.lang].format(last=last))
                continue
            if word not in HINT_WORDS and self._command(word):
                continue
            told = say("The deal is over: press Enter for the next one (s the score, l the last trick)",
                       "la donne est finie : appuyez sur Entrée pour la suivante (s la marque, l"
                       f" {self.trick.the} {self.trick.last})", self.lang)
            self.console.print("[bold red]✗[/] " + told)

    def _next_deal_prompt(self) -> str:
        """What :meth:`run` asks between deals when it pauses."""
        return NEXT_DEAL[self.lang]

    def _read(self, prompt: str | Text) -> str:
        """A line typed at ``prompt``, as :func:`~whist.cards.visible_text` keeps it (a
        zero-width space pasted with a card is dropped), bytes that are no text as �; ``Quit`` for
        q. A line longer than any card, call or command is refused at once and asked again,
        without being echoed back whole."""
        while True:
            typed = self.read_line(Text(prompt) if isinstance(prompt, str) else prompt)
            line = visible_text(readable(typed))
            if len(line) <= LONGEST_ENTRY:
                break
            self.console.print("[bold red]✗[/] " + say(
                f"{len(line)} characters: that is no card, call or command (? help)",
                f"{len(line)} caractères : ce n'est ni une carte, ni une annonce, ni une commande"
                " (? aide)", self.lang))
        if line.lower() in QUIT_WORDS:
            raise Quit
        return line

    def _ask_human(self) -> TableEvent[A, D]:
        self._show_table()
        if self.hints:
            self._show_hint()
        while True:
            line = self._read(self._prompt())
            if not line or self._command(line.lower()):
                continue
            try:
                return self.session.play(line, self.card_lang)
            except ValueError as exc:
                retry = self.retry_hints[self.lang]
                self.console.print(f"[bold red]✗[/] {escape(self._reason(exc))} {retry}")

    def _reason(self, exc: ValueError) -> str:
        """Why an entry is refused, in the terminal's language when the engine says it in it."""
        return exc.in_lang(self.lang) if isinstance(exc, Refusal) else str(exc)

    def _command(self, word: str) -> bool:
        """Carry out the command ``word``; ``False`` if it is none (it is then an action)."""
        if word in HELP_WORDS:
            self._show_help()
        elif word in TABLE_WORDS:
            self._show_table()
        elif word in LAST_WORDS:
            self._show_last_trick()
        elif word in SCORE_WORDS:
            self._show_score()
        elif word in HINT_WORDS:
            self._show_hint()
        else:
            return False
        return True

    def _show_hint(self) -> None:
        """The ``pimc`` player's suggestion for the human's seat, with the expected points of
        the best alternatives."""
        from whist.bots.pimc import PimcBot

        view = self.session.view(self.human)
        rng = random.Random(f"hint:{len(view.actions)}")
        with self.console.status(say("Thinking…", "réflexion…", self.lang)):
            choice = PimcBot(self.hint_budget or 1.0).advise(view, rng)
        self.console.print(hint_text(choice, self._words, self.lang))

    def _words(self, action: AnyAction) -> str:
        """An action as the player would type it (in a hint): a card in the language cards are
        typed in (in French ``AC``, the ace of hearts, which ``AH`` would not be), a call in the
        terminal's language (``appeler``), which is read in either."""
        if isinstance(action, Card):
            return action.typed(self.card_lang)
        if isinstance(action, Call) and self.lang == "fr":
            return action_text_fr(action)
        return action.text

    # ----- what each game shows -------------------------------------------------------

    @abstractmethod
    def _prompt(self) -> Text:
        """The question of the human's turn."""

    @abstractmethod
    def _show_deal_start(self) -> None:
        """A new deal has just been dealt."""

    @abstractmethod
    def _show_event(self, e: TableEvent[A, D]) -> None:
        """An action has just been taken."""

    @abstractmethod
    def _show_deal_end(self, e: TableEvent[A, D]) -> None:
        """``e`` has just ended the deal."""

    @abstractmethod
    def _show_table(self) -> None:
        """The table as the human sees it, at his turn and on ``t``."""

    @abstractmethod
    def _show_help(self) -> None:
        """What the human may type now (``?``)."""

    @abstractmethod
    def _show_score(self) -> None:
        """The score so far (``s``)."""

    @abstractmethod
    def _show_end(self) -> None:
        """The match is over."""

    @abstractmethod
    def _compass_name(self, seat: Seat, v: V, leader: Seat | None) -> Text:
        """The head of ``seat``'s cell in :meth:`_compass` (``leader`` led the trick)."""

    # ----- what both games show alike -----------------------------------------------

    def _mark_forced(self, line: Text, e: TableEvent[A, D]) -> None:
        if e.by == "forced":
            line.append("  (" + say("your only choice, played for you", "votre seul choix, joué pour vous",
                                    self.lang) + ")", style="dim")

    def _show_hand(self, v: V) -> None:
        """The human's hand, the cards he may not play now dimmed."""
        self.console.print(your_hand(v.hand, [a for a in v.legal if isinstance(a, Card)], self.card_lang))

    def _compass(self, v: V) -> Table:
        """The trick on the table, the human at the bottom and his partner at the top."""
        played = dict(v.trick)
        leader = v.trick[0][0] if v.trick else None

        def cell(seat: Seat) -> Text:
            t = self._compass_name(seat, v, leader)
            t.append("\n")
            if seat in played:
                t.append_text(card_text(played[seat], lang=self.card_lang))
            elif seat is v.to_act:
                t.append("?", style="bold")
            else:
                t.append("·", style="dim")
            return t

        you = self.human
        grid = Table.grid(padding=(0, 1))
        for _ in range(3):
            grid.add_column(justify="center", min_width=self.compass_width)
        grid.add_row("", cell(you.partner), "")
        grid.add_row(cell(you.left), "", cell(you.right))
        grid.add_row("", cell(you), "")
        return grid

    def _table_panel(self, v: V, info: Table, title: str, gap: int) -> Panel:
        """The table's panel: the trick (:meth:`_compass`) with ``info`` beside it, ``gap``
        columns apart, or under it where the terminal is too narrow for both side by side (there
        the values of ``info`` wrap under their values, never cut)."""
        compass = self._compass(v)
        need = sum(self.console.measure(r).maximum for r in (compass, info)) + gap + 4  # border, padding
        body = Table.grid(padding=(0, gap))
        if need <= self.console.width:
            body.add_column(no_wrap=True)
            body.add_column()
            body.add_row(compass, info)
        else:
            body.add_column()
            body.add_row(compass)
            body.add_row(info)
        return Panel(body, title=title, title_align="left", subtitle=self._compass_legend(v),
                     subtitle_align="left", expand=False)

    def _compass_legend(self, v: V) -> str | None:
        """What the marks of :meth:`_compass_name` mean, under the table's panel (``None``: it
        has none)."""
        return None

    def _show_last_trick(self) -> None:
        if not self._last_trick:
            self.console.print(say("No trick finished yet in this deal.", self.trick.none_yet, self.lang))
            return
        t = Text(label('Last trick', self.trick.last, self.lang))
        for seat, c in self._last_trick:
            t.append(f" {seat_letter(seat, self.lang)} ")
            t.append_text(card_text(c, lang=self.card_lang))
        self.console.print(t)


@dataclass
class TerminalGame(TableTerminal[Match, ClassicDeal, Action, View]):
    """The terminal front end of a classic-whist :class:`~whist.session.Session` with a human at
    ``human``."""

    _games_seen: int = 0
    _rubbers_seen: int = 0

    def _show_end(self) -> None:
        self.console.rule(f"[bold]{term('match_over', self.lang)}")
        self.console.print(match_summary(self.session.match, self.lang))

    def _show_score(self) -> None:
        self.console.print(match_summary(self.session.match, self.lang, in_play=True))

    def _prompt(self) -> Text:
        legal = self.session.legal_actions()
        lang = self.lang
        out = turn_prompt(self.human, ("card", "carte"), lang)
        calls = [self._words(a) for a in legal if isinstance(a, Call)]
        if calls:
            out.append(f" {say('or', 'ou', lang)} {', '.join(calls)}", style="bold")
        out.append(say(" (? help, q quit): ", " (? aide, q quitter) : ", lang))
        return out

    def _who(self, seat: Seat) -> str:
        """A seat's name inside a sentence: ``vous`` / ``you`` for the player, else ``Ouest``."""
        return term("you", self.lang) if seat is self.human else seat_word(seat, self.lang)

    def _rubber_number(self) -> str:
        """The number of the rubber in play: ``1``, ``2 of 3`` (in French ``2 sur 3``)."""
        m = self.session.match
        of = f" {say('of', 'sur', self.lang)} {m.rules.rubbers}" if m.rules.rubbers > 1 else ""
        return f"{len(m.rubbers) + 1}{of}"

    # ----- what is shown -----------------------------------------------------------------

    def _show_deal_start(self) -> None:
        self._trick.clear()
        m = self.session.match
        deal = self.session.deal
        assert deal is not None
        lang = self.lang
        games = m.games_in_rubber()
        self.console.print()
        self.console.rule(f"[bold]{term('deal', lang)} {len(m.deals) + 1}"
                          f" · {rubber_word(m.rules, lang)} {self._rubber_number()}"
                          f" · {term('game', lang)} {sum(games) + 1}")
        self.console.print(trump_line(deal, self.human, lang))
        self.console.print(f"{term('score', lang)} {pair(m.score, lang=lang)}"
                           f" ({say('game at', 'manche à', lang)} {m.rules.game_points})"
                           f" · {term('games', lang)} {pair(games, lang=lang)}")
        self.console.print(your_hand(self.session.view(self.human).hand, lang=lang))

    def _show_event(self, e: Event) -> None:
        lang = self.lang
        you = e.seat is self.human
        line = Text(f"  {say('You', 'vous', lang) if you else seat_word(e.seat, lang)} ")
        if isinstance(e.action, Card):
            line.append(say("play ", "jouez ", lang) if you else say("plays ", "joue ", lang))
            line.append_text(card_text(e.action, lang=lang))
            self._trick.append((e.seat, e.action))
        else:
            line.append_text(action_text(e.action, you=you, lang=lang))
        self._mark_forced(line, e)
        self.console.print(line)
        if isinstance(e.action, Call) and e.action.kind == "yes":  # a claim has named its cards
            self.console.print(Text("  ").append_text(shown_text(e.deal, lang)))
        if e.trick_winner is not None:
            w = e.deal.tricks_won
            who = self._who(e.trick_winner)
            won = say(f"Trick {sum(w)} won by", self.trick.won.format(sum(w)), lang)
            sides = pair((w[0] + w[2], w[1] + w[3]), lang=lang)
            self.console.print(Text(f"  ✓ {won} {who} ({side_name(e.trick_winner.side, lang)})"
                                    f" — {term('tricks', lang)} {sides}", style="bold"))
            self._last_trick = list(self._trick)
            self._trick.clear()

    def _show_deal_end(self, e: Event) -> None:
        m = self.session.match
        lang = self.lang
        self.console.print()
        self.console.print(deal_result(e.deal, self._result_title(len(m.deals)), show_game=False, lang=lang))
        for g in m.games[self._games_seen:]:
            self.console.print(game_text(g, m.rules.game_and_rubber_points, lang), style="bold")
        self._games_seen = len(m.games)
        for i, r in enumerate(m.rubbers[self._rubbers_seen:], self._rubbers_seen + 1):
            self.console.print(rubber_text(i, r, m.rules, lang))
        self._rubbers_seen = len(m.rubbers)
        if not m.is_over:
            en, _, fr_of = rubber_words(m.rules)
            self.console.print(f"{term('score', lang)}{colon(lang)} {pair(m.score, lang=lang)}   "
                               f"{label(f'games in the {en}', f'manches {fr_of}', lang)}"
                               f" {pair(m.games_in_rubber(), lang=lang)}")

    def _show_table(self) -> None:
        v = self.session.view(self.human)
        m = self.session.match
        lang = self.lang
        w = v.tricks_won
        info = Table.grid(padding=(0, 1))
        info.add_column(style="bold", no_wrap=True)
        info.add_column(min_width=20)
        info.add_row(term("trump", lang).capitalize(),
                     suit_text(v.trump, lang) if v.trump is not None else Text("—"))
        if v.trump_card is not None and v.dealer_holds_trump_card:
            turned = card_text(v.trump_card, lang=lang)
            if v.trump_card_face_up:
                turned.append(say(" face up", " face visible", lang))
            else:
                turned.append(say(" in your hand", " dans votre main", lang) if v.dealer is self.human
                              else say(" in the dealer's hand", " dans la main du donneur", lang))
            info.add_row(say("Turned", "retournée", lang), turned)  # short: the box fits 80 columns
        info.add_row(term("dealer", lang).capitalize(), self._who(v.dealer))  # as the header says it
        info.add_row(term("tricks", lang).capitalize(), pair((w[0] + w[2], w[1] + w[3]), lang=lang))
        info.add_row(term("score", lang), f"{pair(v.score, lang=lang)} ({say('game at', 'manche à', lang)}"
                     f" {v.rules.game_points})")
        info.add_row(term("games", lang).capitalize(), pair(m.games_in_rubber(), lang=lang))
        info.add_row(rubber_word(m.rules, lang).capitalize(), self._rubber_number())
        for seat, shown in v.shown:
            cards = Text()
            for c in shown:
                cards.append_text(card_text(c, lang=lang)).append(" ")
            info.add_row(say(f"Shown by {seat.name_en}", f"montrées par {seat.name_fr}", lang), cards)
        title = f"{term('deal', lang)} {len(m.deals) + 1} · {term('trick', lang)} {sum(w) + 1}"
        self.console.print(self._table_panel(v, info, title, 3))
        self._show_hand(v)
        if ASK in v.legal:
            self.console.print(say("You may ask your partner “can you one?” before your first card"
                                   " (calling at eight): type ask.",
                                   "vous pouvez demander à votre partenaire s'il a un honneur avant votre"
                                   " première carte (chanter à huit) : tapez appeler.", lang))

    def _compass_name(self, seat: Seat, v: View, leader: Seat | None) -> Text:
        """A seat's name on the table's compass, alone as a heading: the player's ``Vous`` /
        ``You`` capitalised as colour whist's table writes it, the others' ``Nord``."""
        lang = self.lang
        who = self._who(seat)
        t = Text(who[:1].upper() + who[1:],
                 style="bold" if seat is v.to_act else "")
        if seat is leader:
            t.append(say(" (led)", " (entame)", lang), style="dim")
        return t

    def _show_help(self) -> None:
        legal = self.session.legal_actions()
        lang = self.lang
        calls = [a for a in legal if isinstance(a, Call)]
        self.console.print(legal_cards_text([a for a in legal if isinstance(a, Card)], lang))
        if calls:
            words = ", ".join(self._words(c) for c in calls)
            self.console.print(say(f"Calls: {words} — ask = “can you one?” (calling at eight)",
                                   f"annonces : {words} — appeler = demander au partenaire s'il a un"
                                   " honneur (chanter à huit)", lang))
        self.console.print(CARD_HELP[lang])
        self.console.print(COMMANDS[lang])


COMMANDS: dict[Lang, str] = {
    "en": "Commands: ? help · t table · l last trick · s score · hint · q quit (the match record is saved).",
    "fr": "Commandes : ? aide · t table · l dernière levée · s marque · conseil · q quitter (la partie"
          " est enregistrée).",
}
"""The commands of classic whist's help (``?``), in the terminal's language."""


def save_match(session: TableSession[MatchT, D, A, V], directory: Path,
               stamp: datetime | None = None, players: Mapping[Seat, str] | None = None) -> Path:
    """Save the match record of ``session`` (classic or colour whist) in ``directory``, with who
    played each seat where ``players`` says; its path."""
    directory.mkdir(parents=True, exist_ok=True)
    when = (stamp or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return record.save_new(record.match_record(session.match, players), directory,
                           f"whist-{when}-seed{session.seed}")


def line_reader(console: Console) -> Callable[[Text], str]:
    """Read lines from stdin: with line editing on a terminal, where Ctrl-D (the end of input) is
    a person leaving the game, :class:`Quit` as ``q`` is, after a new line (the cursor was left
    after the prompt); from a pipe or file, the line read is echoed so that the transcript shows
    what was played, and its end is ``EOFError`` (a script of moves that ran out)."""
    if sys.stdin.isatty():
        # once loaded, input() (that console.input calls) edits the line, with a history (a
        # Python built without it, on Windows, reads lines as they come)
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401

        def typed(prompt: Text) -> str:
            try:
                return console.input(prompt)
            except EOFError:
                console.print()
                raise Quit from None

        return typed

    def read(prompt: Text) -> str:
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        text = line.rstrip("\r\n")
        console.print(readable(text), markup=False, highlight=False)
        return text

    return read


def readable(typed: str) -> str:
    """``typed`` with each byte that was no text (a terminal in another encoding: Python reads
    it as a lone surrogate, which would be shown ``\\udcff`` or written back as the raw byte) as
    the replacement character �."""
    return "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in typed)
