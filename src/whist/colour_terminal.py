"""The terminal game of colour whist (whist à la couleur): one human seat against three bots, deal
after deal to the end of the session.

The screen shows the human's hand coloured by suit; the trou when three aces are dealt (announced
for the player when he holds them); the auction so far, who said what, in English or French; the
legal calls as a short list; the contract once the auction is over (declarers, trump, tricks
needed); the trou partner's shown card, the petite-misère discards, spread hands when the rules
show them; the trick on the table and the tricks each player won; after each deal its result and
the running score table of the session. The player types a call (``pass``, ``propose H``,
``solo 7 H``, ``petite misère``, ``passe``, ``j'emballe`` …), ``show 7H``, ``discard 7H`` or a
card; ``?`` for help, ``q`` to quit. Every entry goes to the engine; its message is shown and the
entry asked again. In French the cards are shown with the French ranks (``R♠``, ``D♥``, ``V♦``)
and typed with them too, the suits by their French letters (``RC`` roi de cœur, ``10K``); English
cards that read only one way (``KS``, ``QH``) are understood as well
(:func:`whist.cards.parse_card`).

Input is read line by line (see :func:`whist.terminal.line_reader`), so the tests feed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from whist.auction import ColourCall
from whist.bots import AnyAction
from whist.cards import SEATS, Card, Lang, Seat, Suit, card
from whist.colour_render import (
    action_text,
    auction_text,
    calls_summary,
    contract_facts,
    contract_lines,
    deal_result,
    in_text,
    seat_names,
    session_table,
    tricks_text,
)
from whist.colour_session import ColourEvent
from whist.contracts import of_fr
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView, typed_text
from whist.couleur_match import ColourMatch
from whist.render import (
    TRICK_WORDS,
    TrickWords,
    card_text,
    colon,
    hand_text,
    label,
    say,
    seat_letter,
    suit_text,
    term,
)
from whist.terminal import CARD_HELP, TABLE_WORDS, TableTerminal, legal_cards_text, turn_prompt, your_hand

__all__ = ["ColourTerminalGame"]

AUCTION_WORDS = {"a", "auction", "annonces", "enchères", "encheres"}

HELP_TEXT: dict[Lang, dict[str, str]] = {
    "en": {
        "prompt": " (? help, q quit): ",
        "show": "Show one card: type {} (or just the card)",
        "discard": "Discard one card face down: type {} (or just the card)",
        "calls": "Calls in English or French: pass/passe, wait/j'attends, accept/j'emballe,"
                 " propose H / propose cœur (or the suit alone, in full: hearts, cœur), emballage 9 H,"
                 " solo 7 H, small misère/petite misère, piccolo, abondance S, large misère/grande"
                 " misère, open misère/grande misère sur table, slam H/chelem cœur. Suits: S H D C,"
                 " ♠ ♥ ♦ ♣ or pique, cœur, carreau, trèfle.",
        "card": CARD_HELP["en"],
        "commands": "Commands: ? help · t table · a auction · l last trick · s score · hint ·"
                    " q quit (the match record is saved).",
    },
    "fr": {
        "prompt": " (? aide, q quitter) : ",
        "show": "Montrez une carte : tapez {} (ou la carte seule)",
        "discard": "Écartez une carte face cachée : tapez {} (ou la carte seule)",
        "calls": "Annonces en français ou en anglais : passe, j'attends, j'emballe, propose cœur"
                 " (ou la couleur seule, en toutes lettres : cœur), emballage 9 cœur, solo 7 cœur,"
                 " petite misère, piccolo, abondance 9 pique, grande misère, grande misère sur"
                 " table, chelem cœur. Couleurs : pique, cœur, carreau,"
                 " trèfle, ♠ ♥ ♦ ♣, ou les lettres P C K T comme pour les cartes (C cœur, T trèfle ;"
                 " l'anglais H, S, D est compris aussi).",
        "card": CARD_HELP["fr"],
        "commands": "Commandes : ? aide · t table · a annonces · l dernier pli · s marque ·"
                    " conseil · q quitter (la partie est enregistrée).",
    },
}
"""What the help (``?``), the prompt and the show and discard phases tell
the player to type, in the terminal's language; every word named here is one the game reads
(``aide``, ``annonces`` …)."""

_KING, _QUEEN = card(Suit.HEARTS, 13), card(Suit.HEARTS, 12)
FOUR_ACES: dict[Lang, str] = {
    "en": "Four aces: the partner is the holder of the highest heart the caller lacks"
          f" ({_KING.in_lang('en')}, else {_QUEEN.in_lang('en')} …); if the trou is played, hearts"
          " are trump and the partner leads.",
    "fr": "Quatre as : le partenaire est celui qui tient le plus haut cœur qui manque à l'annonceur"
          f" ({_KING.in_lang('fr')}, sinon {_QUEEN.in_lang('fr')} …) ; si le trou est joué, atout"
          " cœur et le partenaire entame.",
}
"""The trou of four aces, which RULES.md D2 settles (the seed is silent)."""

TYPE_A_CALL: dict[Lang, str] = {
    "en": "Type a call: pass, wait, accept, propose H (or hearts alone), solo 7 H, small misère,"
          " abondance S … (or in French: passe, j'attends, j'emballe, propose cœur …)",
    "fr": "Tapez une annonce : passe, j'attends, j'emballe, propose cœur (ou cœur seul), solo 7 cœur,"
          " petite misère, abondance pique … (ou en anglais : pass, wait, accept, propose H …)",
}
"""What the table says once a session, at the human's first call, of how to type one."""


@dataclass
class ColourTerminalGame(TableTerminal[ColourMatch, ColourDeal, ColourAction, ColourView]):
    """The terminal front end of a :class:`~whist.colour_session.ColourSession` with a human at
    ``human``.

    ``read_line(prompt)`` returns the next line typed and raises ``EOFError`` at the end of
    input (:class:`~whist.terminal.Quit`, as ``q``, for Ctrl-D at a terminal); ``lang`` is the
    language of all that is shown (labels, seats, calls, help, hints, the reasons for a refused
    entry); ``pause`` asks for Enter between deals.
    """

    names: dict[Seat, str] = field(default_factory=dict)
    _spread_shown: bool = False
    _hand_fresh: bool = False
    _contract_fresh: bool = False
    _hinted: bool = False
    _trump_seen: bool = False

    compass_width: ClassVar[int] = 9
    trick: ClassVar[TrickWords] = TRICK_WORDS[True]

    def __post_init__(self) -> None:
        if not self.names:
            self.names = seat_names(self.lang, self.human)

    # ----- the end, the score, the commands ------------------------------------------------------

    def _show_end(self) -> None:
        self.console.rule(f"[bold]{say('Session over', 'partie terminée', self.lang)}")
        self.console.print(session_table(self.session.match, self.names, self.lang))
        self.console.print(self._winners())

    def _show_score(self) -> None:
        self.console.print(session_table(self.session.match, self.names, self.lang))

    def _command(self, word: str) -> bool:
        if word in TABLE_WORDS:
            self._hand_fresh = False
            self._contract_fresh = False
        elif word in AUCTION_WORDS:
            self.console.print(auction_text(self._view(), self.names, self.lang))
            return True
        return super()._command(word)

    def _leads(self, seat: Seat) -> str:
        """``North leads.``, ``You lead.``; in French ``Nord entame.``, ``Vous entamez.``"""
        if seat is self.human:
            return "Vous entamez." if self.lang == "fr" else "You lead."
        return f"{escape(self.names[seat])} {'entame' if self.lang == 'fr' else 'leads'}."

    def _shows(self, seat: Seat) -> str:
        """The trou partner is to show a card (RULES.md §5.3), in the terminal's language; to the
        human, who chooses it, what each suit then needs: 8 tricks in his ace's, 9 in another."""
        who = escape(self.names[seat])
        aces = [c.suit for c in self._view().hand if c.rank == 14] if seat is self.human else []
        need = ""
        if len(aces) == 1 and not self.session.match.rules.trou_always_nine:
            ace = aces[0]
            need = say(f"; in {ace.symbol} {ace.name_en}, your ace's suit, 8 tricks are needed, in another"
                       " suit 9", f" ; en {ace.symbol} {ace.name_fr}, la couleur de votre as, il faudra 8"
                       " plis, dans une autre couleur 9", self.lang)
        if self.lang == "fr":
            verb = "montrez" if seat is self.human else "montre"
            return f"{who} {verb} une carte : sa couleur est l'atout{need}."
        return f"{who} {'show' if seat is self.human else 'shows'} a card: its suit is trump{need}."

    def _words(self, action: AnyAction) -> str:
        """An action in the terminal's language as it may be typed (:func:`typed_text`): a call,
        shown card or discard as the game shows calls (``propose cœur``, ``écarte 7C``), a card
        as ``AS`` or in French ``AP``."""
        if isinstance(action, Card | ColourCall | CardCall):
            return typed_text(action, self.lang)
        return action.text

    def _view(self) -> ColourView:
        return self.session.view(self.human)

    def _prompt(self) -> Text:
        phase = self._view().phase
        what = {"auction": ("call", "annonce"), "show": ("card to show", "carte à montrer"),
                "discard": ("card to discard", "carte à écarter")}.get(phase, ("card", "carte"))
        out = turn_prompt(self.human, what, self.lang)
        out.append(HELP_TEXT[self.lang]["prompt"])
        return out

    # ----- what is shown ----------------------------------------------------------------------

    def _show_deal_start(self) -> None:
        m = self.session.match
        deal = self.session.deal
        assert deal is not None
        self._trick.clear()
        self._last_trick.clear()
        self._spread_shown = False
        self._trump_seen = False
        self.console.print()
        lang = self.lang
        self.console.rule(f"[bold]{term('deal', lang)} {m.played + 1} {say('of', 'sur', lang)}"
                          f" {m.rules.deals}"
                          f" · {term('dealer', lang)} {escape(in_text(self.names[deal.dealer]))}")
        if m.deals and m.deals[-1].passed_out:
            self.console.print(say("Redeal: everybody passed the last deal.",
                                   "on redonne : tous ont passé à la donne précédente.", lang))
        if deal.multiplier > 1:
            self.console.print(f"[bold]{say('This deal scores double', 'cette donne compte double', lang)}"
                               f" (×{deal.multiplier}).[/]")
        self.console.print(your_hand(self._view().hand, lang=self.lang))
        self._hand_fresh = True

    def _show_event(self, e: ColourEvent) -> None:
        you = e.seat is self.human
        self._hand_fresh = False
        self._contract_fresh = False
        v = self._view()
        shown = v.actions[-1][1]  # as this seat may know it: another's discard stays face down
        line = Text(f"  {self.names[e.seat]} ")
        line.append_text(action_text(shown, self.lang, you=you, four_aces=v.four_aces))
        self._mark_forced(line, e)
        self.console.print(line)
        if isinstance(e.action, Card):
            self._trick.append((e.seat, e.action))
        if isinstance(e.action, ColourCall):
            if e.action.kind == "trou" and v.trou is not None:
                self._show_trou(v)
            elif v.phase not in ("auction", "trou") and v.contract is not None:
                self._show_auction_end(v)
        elif isinstance(e.action, CardCall):
            if e.action.kind == "show":
                self.console.print(contract_lines(v, self.names, self.lang))
            elif v.phase == "play":
                done = "Tous ont écarté." if self.lang == "fr" else "Everybody has discarded."
                self.console.print(f"  {done} {self._leads(v.leader)}")
        if e.trick_winner is not None:
            number = sum(v.tricks_won)
            won_by = say(f"Trick {number} won by", self.trick.won.format(number), self.lang)
            many = say("tricks", self.trick.many, self.lang)
            won = Text(f"  ✓ {won_by} {in_text(self.names[e.trick_winner])} — {many} ", style="bold")
            won.append_text(tricks_text(v, self.lang))
            self.console.print(won)
            self._last_trick = list(self._trick)
            self._trick.clear()
        if v.phase in ("play", "over") and v.contract is not None:
            self._show_public_changes(v)

    def _show_trou(self, v: ColourView) -> None:
        assert v.trou is not None
        caller, partner = v.trou
        who = (escape(in_text(self.names[partner])) if partner is not None
               else f"{say('a hidden partner', 'un partenaire caché', self.lang)} (trou surprise)")
        with_ = say("with", "avec", self.lang)
        self.console.print(f"  Trou{colon(self.lang)} {escape(in_text(self.names[caller]))}, {with_} {who}")
        if v.four_aces:  # RULES.md D2
            self.console.print("  " + FOUR_ACES[self.lang], style="dim")

    def _show_auction_end(self, v: ColourView) -> None:
        self.console.print(contract_lines(v, self.names, self.lang))
        self._contract_fresh = True
        if v.phase == "show":
            assert v.to_act is not None
            self.console.print(f"  {self._shows(v.to_act)}")
        elif v.phase == "discard":
            # as each one's discard is then said: Est écarte une carte face cachée
            self.console.print("  Chacun écarte une carte face cachée" if self.lang == "fr"
                               else "  Every player discards one card face down")
        elif v.phase == "play":
            self.console.print("  " + self._leads(v.leader))

    def _show_public_changes(self, v: ColourView) -> None:
        """A spread hand just shown, a trump just known (trou surprise)."""
        if v.spread and not self._spread_shown:
            self._spread_shown = True
            for seat, cards in v.spread:
                self.console.print(Text.assemble((f"  {self._spread_head(seat)} ", "bold"),
                                                 hand_text(cards, lang=self.lang)))
        if v.trump is not None and not self._trump_seen:
            if v.contract is not None and v.contract.kind == "trou" and v.trou is not None \
                    and self._played_count(v) > 0 and v.shown_card is None:
                played = say("The fourth ace is played", "le quatrième as est joué", self.lang)
                self.console.print(Text.assemble(
                    (f"  {played}{colon(self.lang)} {term('trump', self.lang)} ", "bold"),
                    suit_text(v.trump, self.lang)))
                self.console.print(contract_lines(v, self.names, self.lang))
            self._trump_seen = True

    @staticmethod
    def _played_count(v: ColourView) -> int:
        return len(v.played_cards())

    def _show_deal_end(self, e: ColourEvent) -> None:
        m = self.session.match
        self.console.print()
        lang = self.lang
        number = m.played + 1 if e.deal.passed_out else m.played  # a passed deal is not counted
        self.console.print(deal_result(e.deal, self.names, self._result_title(number), lang))
        if e.deal.passed_out:
            self.console.print(f"{say('The same dealer deals again', 'le même donneur redonne', lang)}"
                               f"{colon(lang)} {escape(in_text(self.names[m.dealer]))}.")
            if m.double_next:
                double = say("The next deal played scores double",
                             "la prochaine donne jouée compte double", lang)
                self.console.print(f"[bold]{double}.[/]")
            return
        if not m.is_over:  # the last one is printed with the end of the session
            self.console.print(session_table(m, self.names, self.lang))

    def _show_table(self) -> None:
        v = self._view()
        m = self.session.match
        if v.phase in ("auction", "trou"):
            self.console.print(auction_text(v, self.names, self.lang))
            if not self._hand_fresh:
                self.console.print(your_hand(v.hand, lang=self.lang))
            self._show_legal_calls(v)
            if not self._hinted:  # once a session; ? shows it again
                self._hinted = True
                self.console.print("  " + TYPE_A_CALL[self.lang], style="dim")
            return
        if v.phase in ("show", "discard"):
            if not self._contract_fresh:
                self.console.print(contract_lines(v, self.names, self.lang))
            self.console.print(your_hand(v.hand, lang=self.lang))
            example = self._words(v.legal[0]) if v.legal else ""
            self.console.print("  " + HELP_TEXT[self.lang][v.phase].format(example), style="dim")
            return
        info = Table.grid(padding=(0, 1))
        info.add_column(style="bold", no_wrap=True)
        info.add_column()
        for head, value in contract_facts(v, self.names, self.lang):
            info.add_row(head, value)
        lang = self.lang
        info.add_row(say("Tricks", self.trick.many, lang), tricks_text(v, lang))
        if v.shown_card is not None:
            info.add_row(say("Shown", "carte montrée", lang), card_text(v.shown_card, lang=lang))
        if v.discard is not None:
            info.add_row(say("Your discard", "votre écart", lang), card_text(v.discard, lang=lang))
        totals = m.totals
        info.add_row(term("score", lang), " · ".join(f"{seat_letter(s, lang)} {totals[s]}" for s in SEATS))
        dealer = in_text(self.names[v.dealer])
        title = (f"{term('deal', lang)} {m.played + 1} · {term('dealer', lang)} {dealer}"
                 f" · {say('trick', self.trick.one, lang)} {sum(v.tricks_won) + 1}")
        self.console.print(self._table_panel(v, info, title, 2))
        for seat, cards in v.spread:
            if seat is not self.human:  # his own hand is shown next
                self.console.print(Text.assemble((f"{self._spread_head(seat)} ", "bold"),
                                                 hand_text(cards, lang=self.lang)))
        self._show_hand(v)

    def _spread_head(self, seat: Seat) -> str:
        """``West's hand is on the table:``, ``La main d'Ouest est sur table :``; the human's:
        ``Your hand …``, ``Votre main …``."""
        name = escape(self.names[seat])
        if self.lang == "fr":
            return ("Votre main" if seat is self.human else f"La main {of_fr(name)}") + " est sur table :"
        return ("Your" if seat is self.human else f"{name}'s") + " hand is on the table:"

    def _compass_name(self, seat: Seat, v: ColourView, leader: Seat | None) -> Text:
        """``*`` marks a declarer, ``›`` the player who led."""
        t = Text(self.names[seat], style="bold" if seat is v.to_act else "")
        if seat in v.declarers:
            t.append(" *", style="bold")
        if seat is leader:
            t.append(" ›", style="dim")
        return t

    def _compass_legend(self, v: ColourView) -> str:
        """``* declarer · › led the trick``, in the terminal's language; without the declarer
        where there is none (the queens game)."""
        marks = [say("* declarer", "* preneur", self.lang)] if v.declarers else []
        return " · ".join([*marks, say("› led the trick", "› a entamé le pli", self.lang)])

    def _show_help(self) -> None:
        v = self._view()
        legal = v.legal
        lang = self.lang
        if v.phase == "auction":
            self._show_legal_calls(v)
            calls = [a for a in legal if isinstance(a, ColourCall)]
            examples = [calls[0], *calls[1:][:: max(1, len(calls) // 4)]][:5]
            # in French, each as typed in French only: the English "emballage 12 C" is clubs, which
            # a player who types in French would read as cœur
            self.console.print(f"{label('For example', 'par exemple', lang)} " + ", ".join(
                self._words(a) if lang == "fr" or a.text_fr == a.text else f"{a.text} ({a.text_fr})"
                for a in examples))
            self.console.print(HELP_TEXT[lang]["calls"])
        elif v.phase in ("show", "discard"):
            self.console.print(f"{label('Legal now', 'permis', lang)} "
                               + " · ".join(self._words(a) for a in legal))
        else:
            self.console.print(legal_cards_text([a for a in legal if isinstance(a, Card)], lang))
            self.console.print(HELP_TEXT[self.lang]["card"])
        self.console.print(HELP_TEXT[self.lang]["commands"])

    def _show_legal_calls(self, v: ColourView) -> None:
        """``Legal calls: pass · accept (East's small misère) · …``, in French ``Annonces permises :
        passe · j'emballe (petite misère d'Est) · …``: what an accept joins, by its maker's name."""
        joins = None if v.acceptable is None else (self.names[v.acceptable[0]], v.acceptable[1])
        self.console.print(Text.assemble(
            (f"{label('Legal calls', 'annonces permises', self.lang)} ", "bold"),
            calls_summary(v.legal, self.lang, joins)))

    def _winners(self) -> Text:
        totals = self.session.match.totals
        best = max(totals)
        who = [in_text(self.names[s]) for s in SEATS if totals[s] == best]
        s = "" if len(who) == 1 else "s"
        out = Text(f"{label(f'Winner{s}', f'gagnant{s}', self.lang)} ", style="bold")
        out.append(", ".join(who) + f" ({best:+d})", style="bold")
        out.append("   " + " · ".join(f"{self.names[s]} {totals[s]:+d}" for s in SEATS))
        return out

