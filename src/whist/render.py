"""Rich renderings shared by the terminal game, ``whist replay`` and ``whist simulate``: cards
coloured by suit, hands, tricks, deal and match results, with the game's terms in the one
language of their ``--lang`` (``lang`` ``en`` or ``fr``), from one table of terms (:data:`TERMS`,
:func:`say`); ``lang`` ``None`` writes both (``Deal / donne``).

Nothing here decides a rule: trick winners, points and games come from the engine and the
match; this module only lays them out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist.actions import Action, Call
from whist.cards import SEATS, Card, Lang, Refusal, Seat, Side, Suit, cards_of, rank_text
from whist.engine import ClassicDeal
from whist.match import GameResult, Match, RubberResult
from whist.rules import Rules

SUIT_STYLES = {
    Suit.SPADES: "bold blue",
    Suit.HEARTS: "bold red",
    Suit.DIAMONDS: "bold dark_orange",
    Suit.CLUBS: "bold green",
}
"""Four colours, as in a four-colour deck, so that no two suits look alike."""

SIDE_NAMES = {Side.NS: "NS", Side.EW: "EW"}


@dataclass(frozen=True)
class TrickWords:
    """A trick in French, with the words that agree with it: a ``levée`` in classic whist (seed
    000's word), a ``pli`` in colour whist (seed 003's)."""

    one: str
    many: str
    last: str
    """The last trick: ``dernière levée``, ``dernier pli``."""
    the: str
    """Its article: ``la``, ``le``."""
    none_yet: str
    won: str
    """Trick ``{0}`` won by: ``levée {0} gagnée par``."""
    unfinished: str
    lost: str
    """Tricks lost: ``levées perdues``, ``plis perdus``."""


TRICK_WORDS = {
    False: TrickWords("levée", "levées", "dernière levée", "la", "aucune levée encore dans cette donne.",
                      "levée {0} gagnée par", "inachevée", "levées perdues"),
    True: TrickWords("pli", "plis", "dernier pli", "le", "aucun pli encore dans cette donne.",
                     "pli {0} gagné par", "inachevé", "plis perdus"),
}
"""The French words of a trick, in colour whist (``True``) and in classic whist."""


TERMS: dict[str, tuple[str, str]] = {
    "deal": ("Deal", "donne"),
    "dealer": ("dealer", "donneur"),
    "trump": ("trump", "atout"),
    "trick": ("trick", TRICK_WORDS[False].one),
    "tricks": ("tricks", TRICK_WORDS[False].many),
    "score": ("Score", "marque"),
    "games": ("games", "manches"),
    "game": ("game", "manche"),
    "you": ("you", "vous"),
    "your_hand": ("Your hand", "votre main"),
    "shown": ("Shown", "montrées"),
    "legal_now": ("Legal now", "jouable maintenant"),
    "match_over": ("Match over", "partie terminée"),
    "stopped": ("Game stopped", "partie arrêtée"),
    "hint": ("Hint", "conseil"),
}
"""The game's recurring terms in English and French, as RULES.md's table of names and the web
page's words have them (``donne``, ``levée``, ``atout``, ``manche``, ``robre``); colour whist's
trick is a ``pli``: :data:`TRICK_WORDS`."""


def say(en: str, fr: str, lang: Lang | None) -> str:
    """``en`` in English, ``fr`` in French (capitalized as ``en`` is), both as ``en / fr`` for
    ``None``.

    >>> say("Deal", "donne", "fr"), say("Deal", "donne", None), say("trick", "levée", "en")
    ('Donne', 'Deal / donne', 'trick')
    """
    if lang == "en":
        return en
    if lang == "fr":
        return fr[:1].upper() + fr[1:] if en[:1].isupper() else fr
    return f"{en} / {fr}"


def term(key: str, lang: Lang | None) -> str:
    """The term ``key`` of :data:`TERMS` in ``lang`` (both for ``None``): ``Donne``, ``Deal / donne``."""
    return say(*TERMS[key], lang)


def side_name(side: Side, lang: Lang | None = None) -> str:
    """``NS``, ``EW``; in French ``EO`` (Est, Ouest)."""
    return "EO" if lang == "fr" and side is Side.EW else SIDE_NAMES[side]


def seat_word(seat: Seat, lang: Lang | None = None) -> str:
    """The seat's name in ``lang``: ``West``, in French ``Ouest`` (English for ``None``)."""
    return seat.name_fr if lang == "fr" else seat.name_en


def seat_letter(seat: Seat, lang: Lang | None = None) -> str:
    """The seat's initial in ``lang``: ``N E S W``, in French ``N E S O`` (Nord, Est, Sud, Ouest)."""
    return seat_word(seat, lang)[0]


def seat_name(seat: Seat, you: Seat | None = None, lang: Lang | None = None) -> str:
    """``South (Sud)``, or ``South (you)`` for the human's seat; in one language ``South``,
    ``Sud (vous)``."""
    if lang is None:
        return f"{seat.name_en} (you)" if seat is you else f"{seat.name_en} ({seat.name_fr})"
    name = seat_word(seat, lang)
    return f"{name} ({term('you', lang)})" if seat is you else name


def suit_text(suit: Suit, lang: Lang | None = None) -> Text:
    """``♥ hearts / cœur`` (in one language ``♥ hearts``, ``♥ cœur``) in the suit's colour."""
    return Text(f"{suit.symbol} {say(suit.name_en, suit.name_fr, lang)}", style=SUIT_STYLES[suit])


def card_text(card: Card, style: str | None = None, lang: Lang = "en") -> Text:
    """A card with its symbol (``10♦``, ``K♥``; in French ``R♥``), coloured by suit."""
    return Text(card.in_lang(lang), style=style or SUIT_STYLES[card.suit])


def action_text(action: Action, you: bool = False, lang: Lang | None = None) -> Text:
    """A card, or a call in words (``claims the game with honours A♥ K♥ Q♥``); ``you``: the
    verb for the player himself (``claim``, ``ask``); the words and cards in ``lang`` (the
    words in both and the cards in English for ``None``)."""
    if isinstance(action, Card):
        return card_text(action, lang=lang or "en")
    en, fr = _CALL_WORDS[action.kind][you]
    out = Text(say(en, fr, lang))
    for c in action.cards:
        out.append(" ")
        out.append_text(card_text(c, lang=lang or "en"))
    return out


_CALL_WORDS = {
    "claim": (("claims the game with honours:", "annonce les honneurs :"),
              ("claim the game with honours:", "annoncez les honneurs :")),
    # the answer is the table's, true, about the honours the partner was dealt (RULES.md §2 (b)),
    # not a choice, and an honour he has played since still counts
    "ask": (("asks partner for an honour: “can you one?”",
             "chante à huit : demande à son partenaire s'il a un honneur"),
            ("ask partner for an honour: “can you one?”",
             "chantez à huit : vous demandez à votre partenaire s'il a un honneur")),
    # the French answer follows its speaker's name as said: « Nord : non, aucun honneur »
    "yes": (("was dealt an honour: yes; the partners show their honours",
             ": oui, un honneur ; les partenaires montrent leurs honneurs"),
            ("were dealt an honour: yes; you both show your honours",
             ": oui, un honneur ; vous montrez tous deux vos honneurs")),
    "no": (("was dealt no honour: no", ": non, aucun honneur"),
           ("were dealt no honour: no", ": non, aucun honneur")),
}
"""Each call's words in English and French, said of another player and by the player himself,
after his name (French calls it « chanter à huit », RULES.md's word and the play screen's)."""


def hand_text(cards: Iterable[Card], playable: Iterable[Card] | None = None, lang: Lang = "en") -> Text:
    """A hand sorted by suit (♠ ♥ ♦ ♣, high to low), coloured; cards not in ``playable`` dimmed;
    the ranks as written in ``lang`` (``♠ A K 7``; in French ``♠ A R 7``)."""
    held = sorted(cards, key=lambda c: (c.suit, -c.rank))
    ok = set(playable) if playable is not None else None
    out = Text()
    for suit in Suit:
        if out:
            out.append("   ")
        out.append(suit.symbol, style=SUIT_STYLES[suit])
        ranks = [c for c in held if c.suit is suit]
        if not ranks:
            out.append(" —", style="dim")
        for c in ranks:
            style = SUIT_STYLES[suit] if ok is None or c in ok else "dim"
            out.append(" " + rank_text(c.rank, lang), style=style)
    return out


def shown_text(deal: ClassicDeal, lang: Lang | None = None) -> Text:
    """The cards shown by calls: ``Shown / montrées: N A♥ K♥ · S Q♥`` (in ``lang``)."""
    out = Text(f"{term('shown', lang)}{colon(lang)}")
    for i, (seat, cards) in enumerate(sorted(deal.shown_cards().items())):
        out.append(" ·" if i else "")
        out.append(f" {seat_letter(seat, lang)}")
        for c in cards:
            out.append(" ")
            out.append_text(card_text(c, lang=lang or "en"))
    return out


def colon(lang: Lang | None) -> str:
    """A colon as ``lang`` writes it: `` :`` in French, ``:`` otherwise."""
    return " :" if lang == "fr" else ":"


def label(en: str, fr: str, lang: Lang | None) -> str:
    """A label and its colon: ``Deal:``, in French ``Donne :``, for ``None`` ``Deal / donne:``."""
    return say(en, fr, lang) + colon(lang)


def deals_words(n: int, lang: Lang | None = None) -> str:
    """How many deals, in ``lang`` (both for ``None``); French writes 0 and 1 in the singular.

    >>> deals_words(1), deals_words(40), deals_words(40, "fr"), deals_words(0, "fr"), deals_words(0, "en")
    ('1 deal / donne', '40 deals / donnes', '40 donnes', '0 donne', '0 deals')
    """
    en, fr = "" if n == 1 else "s", "" if n < 2 else "s"
    return f"{n} {say(f'deal{en}', f'donne{fr}', lang)}"


def pair(values: Sequence[int | float], sep: str = " · ", lang: Lang | None = None) -> str:
    """``NS 3 · EW 1`` from a pair indexed by side (in French ``NS 3 · EO 1``, ``NS 2,5``)."""
    return f"NS {_num(values[0], lang)}{sep}{side_name(Side.EW, lang)} {_num(values[1], lang)}"


def _num(v: int | float, lang: Lang | None) -> str:
    return str(int(v)) if float(v).is_integer() else number(v, "g", lang)


NARROW_SPACE = "\u202f"
"""The narrow no-break space French puts between thousands and before ``%``."""


def number(value: float | Decimal, spec: str = "g", lang: Lang | None = None) -> str:
    """``value`` written with the format ``spec`` (``.2f``, ``+g``, ``,`` …) as ``lang`` writes
    numbers: in French with a decimal comma, and a narrow no-break space between thousands where
    ``spec`` groups them; in English (and for both languages, ``None``) as Python writes it. For
    what is read by people only: JSON and CSV keep the point. :func:`read_number` reads it back.

    >>> number(1.5849, ".2f", "fr"), number(-0.5, "+g", "fr"), number(66.8, ".1f", "en")
    ('1,58', '-0,5', '66.8')
    >>> number(1234567.5, ",.1f", "fr") == "1\u202f234\u202f567,5"
    True
    """
    text = format(value, spec)
    if lang != "fr":
        return text
    return text.replace(",", NARROW_SPACE).replace(".", ",")


def amount(value: float, lang: Lang | None = None, spec: str = "f") -> str:
    """A stake or a sum of money written in full, with every decimal it has and no more, as
    :func:`number` writes ``spec`` (``+f`` with its sign): never ``g``'s exponent (``1e+06``) or
    its six digits (``12345.7`` for ``12345.67``).

    >>> amount(1_000_000), amount(-12345.67, "fr", "+f"), amount(0.5, "en", "+f"), amount(4.0)
    ('1000000', '-12345,67', '+0.5', '4')
    """
    return number(Decimal(repr(value)).normalize(), spec, lang)


def percent(value: float, lang: Lang | None = None, spec: str = ".0f") -> str:
    """``value`` per cent as ``lang`` writes it (the number as :func:`number` writes it): ``45%``,
    in French with a narrow no-break space before the sign, ``45 %`` (for both languages,
    ``None``, as English).

    >>> percent(45.4, "en"), percent(95, "fr") == "95\u202f%", percent(12.25, "fr", ".1f")
    ('45%', True, '12,2\u202f%')
    """
    return number(value, spec, lang) + (NARROW_SPACE if lang == "fr" else "") + "%"


def read_number(text: str, lang: Lang | None = None) -> float:
    """The number ``text`` says, as a person types it in ``lang``: in English with a decimal point
    (``0.5``); in French with a decimal comma or a point (``0,5``, ``0.5``), and the thousands
    apart or run together as :func:`number` writes them (``1\u202f234,5``, with a narrow or a
    plain no-break space). Python's own words for a number are read too (``1e3``, ``inf``,
    ``nan``: the caller says which it takes). :class:`ValueError` where ``text`` is no number;
    in French a :class:`~whist.cards.Refusal` (a :class:`ValueError` too, its words naming
    ``text``) where a point stands before three digits after a whole number (``1.000``, ``2.500``),
    as French groups thousands too: one, or a thousand?

    >>> read_number("0,5", "fr"), read_number(" 2.5 ", "fr"), read_number("1\u202f234,5", "fr")
    (0.5, 2.5, 1234.5)
    >>> read_number("0,5", "en")
    Traceback (most recent call last):
    ...
    ValueError: could not convert string to float: '0,5'
    >>> read_number("1.000", "en"), read_number("0.250", "fr")
    (1.0, 0.25)
    >>> read_number("1.000", "fr")
    Traceback (most recent call last):
    ...
    whist.cards.Refusal: '1.000' is ambiguous in French: type 1,000 for a decimal number, 1000 for thousands
    """
    text = text.strip()
    if lang == "fr":
        if _GROUPED.fullmatch(text):
            comma, whole = text.replace(".", ","), text.replace(".", "")
            raise Refusal(f"{text!r} is ambiguous in French: type {comma} for a decimal number, {whole} for"
                          " thousands",
                          f"« {text} » est ambigu : tapez {comma} pour un nombre décimal, {whole} pour des"
                          " milliers")
        text = text.replace(NARROW_SPACE, "").replace("\u00a0", "").replace(",", ".")
    return float(text)


_GROUPED = re.compile(r"[+-]?[1-9]\d{0,2}\.\d{3}")
"""A whole number and three digits after a point (``1.000``): a thousand, as French groups it with
a point too, or one with a decimal point (:func:`read_number`)."""


# ----- tricks ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickLine:
    """One step of a deal's history: a finished or partial trick, or a call."""

    number: int
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None
    call: tuple[Seat, Call] | None = None
    continued: bool = False
    """A trick cut by a call (the cards before it): it is shown whole again once finished."""


def history(deal: ClassicDeal) -> list[TrickLine]:
    """The deal's calls and tricks in order, by re-applying its actions from the start through
    the engine (the trick winner is the engine's next leader)."""
    state = ClassicDeal.new(deal.rules, deal.dealer, deal.dealt, deal.trump_card, deal.start_score)
    out: list[TrickLine] = []
    cards: list[tuple[Seat, Card]] = []
    told = 0  # the cards of this trick already shown before a call
    leader = state.leader
    for seat, action in deal.actions:
        done = sum(state.tricks_won)
        state = state.apply(action, seat)
        if isinstance(action, Call):
            if len(cards) > told:  # asked in the middle of a trick: the cards before it first
                out.append(TrickLine(done + 1, leader, tuple(cards), None, continued=True))
                told = len(cards)
            out.append(TrickLine(done + 1, leader, (), None, (seat, action)))
            continue
        if not cards:
            leader = seat
        cards.append((seat, action))
        if sum(state.tricks_won) > done:
            out.append(TrickLine(done + 1, leader, tuple(cards), state.leader))
            cards, told = [], 0
    if len(cards) > told:
        out.append(TrickLine(sum(state.tricks_won) + 1, leader, tuple(cards), None))
    return out


def trick_text(line: TrickLine, shown: ClassicDeal | None = None, lang: Lang = "en") -> Text:
    """``Trick  3: East  leads — E 7♣  S 2♣  W K♣  N A♣  → North (NS)`` (in French ``Levée  3 :
    Est   entame — …``); for a "yes", the cards ``shown`` in that deal (a claim names its own)."""
    if line.call is not None:
        seat, call = line.call
        out = Text(f"  {seat_word(seat, lang)} ")
        out.append_text(action_text(call, lang=lang))
        if call.kind == "yes" and shown is not None:  # a claim has named its cards
            out.append("  ")
            out.append_text(shown_text(shown, lang))
        return out
    winner = line.winner
    return trick_row(line.number, f"{seat_word(line.leader, lang):<5}", line.cards,
                     f"{seat_word(winner, lang)} ({side_name(winner.side, lang)})" if winner is not None
                     else None, lang, continued=line.continued)


def trick_row(number: int, leader: str, cards: Iterable[tuple[Seat, Card]], winner: str | None,
              lang: Lang = "en", *, continued: bool = False, colour: bool = False) -> Text:
    """``Trick  3: East  leads — E 7♣  S 2♣  W K♣  N A♣  → North (NS)``, with ``leader`` and
    ``winner`` as given (``None``: the trick is unfinished, or ``continued`` after a call, ``…``),
    in ``lang`` (in French ``Levée  3 : Est   entame — E 7♣  S 2♣  O R♣ …``, in ``colour`` whist
    ``Pli  3 : …``); for either game."""
    words = TRICK_WORDS[colour]
    out = Text(f"{label(f'Trick {number:>2}', f'{words.one} {number:>2}', lang)} {leader}"
               f" {say('leads', 'entame', lang)} — ")
    for seat, c in cards:
        out.append(f"{seat_letter(seat, lang)} ")
        shown = card_text(c, lang=lang)
        out.append_text(shown)
        out.append(" " * (5 - len(shown)))
    if winner is not None:
        out.append(f"→ {winner}")
    elif continued:
        out.append("…")
    else:
        out.append(f"({say('unfinished', words.unfinished, lang)})", style="dim")
    return out


# ----- deal header and results -----------------------------------------------------------


def trump_line(deal: ClassicDeal, you: Seat | None = None, lang: Lang | None = None) -> Text:
    """``Dealer / donneur West · trump / atout ♥ hearts / cœur · turned / carte retournée 7♥``, in
    ``lang`` (both for ``None``, the card then in English)."""
    dealer = term("you", lang) if deal.dealer is you else seat_word(deal.dealer, lang)
    out = Text(f"{say('Dealer', 'donneur', lang)} {dealer} · {term('trump', lang)} ")
    out.append_text(suit_text(deal.trump, lang))
    out.append(f" · {say('turned', 'carte retournée', lang)} ")
    out.append_text(card_text(deal.trump_card, lang=lang or "en"))
    return out


def hands_table(deal: ClassicDeal, lang: Lang = "en") -> Table:
    """The four hands as dealt, in ``lang`` (the seats' names and the cards' ranks)."""
    return dealt_hands(deal.dealt, {seat: seat_word(seat, lang) for seat in SEATS}, lang)


def dealt_hands(dealt: Sequence[int], names: Mapping[Seat, str], lang: Lang = "en") -> Table:
    """The four hands ``dealt``, each after its seat's name in ``names``, the ranks written in
    ``lang``; for either game."""
    t = Table.grid(padding=(0, 2))
    t.add_column()
    t.add_column()
    for seat in SEATS:
        t.add_row(names[seat], hand_text(cards_of(dealt[seat]), lang=lang))
    return t


def deal_result(deal: ClassicDeal, title: str | None = None, show_game: bool = True,
                lang: Lang | None = None) -> Table:
    """Tricks, honours and points of a finished deal, from the engine's ``points()``, in ``lang``
    (both for ``None``); with ``show_game``, the side that won the game with it."""
    pts = deal.points()
    w = deal.tricks_won
    t = Table(title=title or say("Result", "résultat", lang), title_justify="left", show_header=True,
              box=None, padding=(0, 2))
    ns, ew = side_name(Side.NS, lang), side_name(Side.EW, lang)
    t.add_column("")
    t.add_column(ns, justify="right")
    t.add_column(ew, justify="right")
    called = deal.called_side()
    n, e, s_, o = (seat_letter(seat, lang) for seat in SEATS)
    t.add_row(term("tricks", lang), f"{w[0] + w[2]} ({n} {w[0]}, {s_} {w[2]})",
              f"{w[1] + w[3]} ({e} {w[1]}, {o} {w[3]})")
    t.add_row(say("honours held", "honneurs", lang), str(deal.side_honours(Side.NS)),
              str(deal.side_honours(Side.EW)))
    t.add_row(say("trick points", "points de levées", lang), str(pts.tricks[0]), str(pts.tricks[1]))
    t.add_row(say("honour points", "points d'honneurs", lang), str(pts.honours[0]), str(pts.honours[1]))
    t.add_row(Text(say("points of the deal", "points de la donne", lang), style="bold"),
              Text(str(pts.total[0]), style="bold"), Text(str(pts.total[1]), style="bold"))
    notes: list[RenderableType] = [t]
    if called is not None:
        side = side_name(called, lang)
        notes.append(Text(say(f"{side} won the game by calling at eight", f"{side} gagnent la manche à huit"
                              " par les honneurs", lang), style="bold"))
    if show_game and pts.game_winner is not None:
        notes.append(Text(won_by(term("game", lang), side_name(pts.game_winner, lang), lang), style="bold"))
    return _group_table(notes)


def won_by(what: str, who: str, lang: Lang | None, feminine: bool = True) -> str:
    """``what`` (a term in ``lang``: ``game / manche``) ``won by NS``, in French ``Manche gagnée par
    NS`` (``feminine``: of the French past participle: ``Robre 1 gagné par NS``)."""
    what = what[:1].upper() + what[1:]
    if lang == "fr":
        return f"{what} {'gagnée' if feminine else 'gagné'} par {who}"
    return f"{what} won by {who}"


def _group_table(items: list[RenderableType]) -> Table:
    t = Table.grid()
    t.add_column()
    for item in items:
        t.add_row(item)
    return t


def game_text(game: GameResult, rules_game_points: bool, lang: Lang | None = None,
              what: str | None = None) -> Text:
    """``Game / manche won by NS, NS 10 – EW 4: 2 game points`` (in ``lang``; both for ``None``);
    ``what`` names the game otherwise (``game 2 of rubber 1``)."""
    won = won_by(what or term("game", lang), side_name(game.winner, lang), lang)
    out = Text(f"{won}, {pair(game.score, ' – ', lang)}")
    if rules_game_points:
        p = game.game_points
        s = "s" if p != 1 else ""
        out.append(f"{colon(lang)} {p} " + (f"point{s} de manche" if lang == "fr" else f"game point{s}"))
    return out


def rubber_words(rules: Rules) -> tuple[str, str, str]:
    """What a rubber is called at this table, in English, in French and in French after "of":
    without game and rubber points (simple whist, RULES.md §4) it is the match, won by the first
    side to win two games."""
    if rules.game_and_rubber_points:
        return "rubber", "robre", "du robre"
    return "match", "partie", "de la partie"


def rubber_word(rules: Rules, lang: Lang | None) -> str:
    """``rubber`` (:func:`rubber_words`) in ``lang``: ``robre``, ``partie``; ``rubber / robre`` for
    ``None``."""
    en, fr, _ = rubber_words(rules)
    return say(en, fr, lang)


def rubber_text(number: int, rubber: RubberResult, rules: Rules, lang: Lang | None = None) -> Text:
    """Who won a rubber and its games; with game and rubber points, these on a second line (in
    ``lang``; both for ``None``)."""
    by_points = rules.game_and_rubber_points
    won = won_by(f"{rubber_word(rules, lang)} {number}", side_name(rubber.winner, lang), lang,
                 feminine=not by_points)
    out = Text(f"{won}, {term('games', lang)} {pair(rubber.games, ' – ', lang)}", style="bold")
    if by_points:
        game_points = "points de manche" if lang == "fr" else "game points"
        out.append(f"\n  {game_points} {pair(rubber.game_points, lang=lang)} +"
                   f" {say('rubber points', 'points de robre', lang)} {pair(rubber.rubber_points, lang=lang)}"
                   f" = {pair(rubber.totals, lang=lang)}")
    return out


def stake_unit(rules: Rules, lang: Lang | None = None) -> str:
    """What the stake is paid for: each point of difference, or without points (simple whist) each
    match won more (in ``lang``; for ``None`` in English, and in French too for a match)."""
    if rules.game_and_rubber_points:
        return "par point" if lang == "fr" else "per point"
    return say("per match won", "par partie gagnée", lang)


def _verdict(who: str, en: str, fr: str, lang: Lang | None) -> str:
    """``who`` then what they did in ``lang``; for ``None`` both, ``NS win … / gagnent …``."""
    return f"{who} {say(en, fr, lang)}"


def matches_result(rubbers: Sequence[RubberResult], over: bool = True,
                   label: Callable[[Side], str] = SIDE_NAMES.__getitem__, lang: Lang | None = None) -> str:
    """The result of a match without points (simple whist, RULES.md §4), from its finished
    ``rubbers`` (each a match won by the first side to win two games): ``NS win the match, 2 games
    to 1 / gagnent la partie, 2 manches à 1``, over several ``NS win 2 matches to 1 / …``;
    ``lead`` while not ``over``. ``label`` names a side; in ``lang``, both for ``None``."""
    won = [0, 0]
    for r in rubbers:
        won[r.winner] += 1
    if won[0] == won[1]:
        each = won[0]
        return say(f"all square, {each} match{'es' if each != 1 else ''} each",
                   f"à égalité, {each} partie{'s' if each > 1 else ''} chacun", lang)
    w = Side.NS if won[0] > won[1] else Side.EW
    if over and len(rubbers) == 1:
        hi, lo = rubbers[0].games[w], rubbers[0].games[w.other]
        return _verdict(label(w), f"win the match, {hi} games to {lo}",
                        f"gagnent la partie, {hi} manches à {lo}", lang)
    verb = ("win", "gagnent") if over else ("lead", "mènent")
    hi, lo = won[w], won[w.other]
    return _verdict(label(w), f"{verb[0]} {hi} match{'es' if hi != 1 else ''} to {lo}",
                    f"{verb[1]} {hi} partie{'s' if hi > 1 else ''} à {lo}", lang)


def result_text(rules: Rules, rubbers: Sequence[RubberResult], totals: tuple[int, int],
                over: bool = True, lang: Lang | None = None) -> str:
    """Who wins: by the points of the ``totals`` (``NS win by 3 points / gagnent de 3``, ``Drawn /
    égalité``), or without points (simple whist) by the matches won (:func:`matches_result`); in
    ``lang``, both for ``None``."""
    if not rules.game_and_rubber_points:
        return matches_result(rubbers, over, lambda side: side_name(side, lang), lang)
    if totals[0] == totals[1]:
        return say("Drawn", "égalité", lang)
    winner = Side.NS if totals[0] > totals[1] else Side.EW
    diff = abs(totals[0] - totals[1])
    s = "s" if diff != 1 else ""
    return _verdict(side_name(winner, lang), f"win by {diff} point{s}",
                    f"gagnent de {diff}" + (f" point{s}" if lang == "fr" else ""), lang)


def settlement_text(match: Match, lang: Lang | None = None) -> Text:
    """``Settlement / règlement (stake / enjeu 1 per point): N +3 …`` (in ``lang``; both for ``None``)."""
    return Text(settlement_line(match.rules, match.settlement(), lang))


def settlement_line(rules: Rules, pay: Mapping[str, float], lang: Lang | None = None) -> str:
    """What each seat (``pay`` by seat name) wins or pays at the stake of ``rules``: ``Settlement
    (stake 0.5 per point): N +1.5  E -1.5 …``, in French ``règlement (enjeu 0,5 par point) : N
    +1,5 …`` (both for ``None``)."""
    return (f"{say('Settlement', 'règlement', lang)} ({say('stake', 'enjeu', lang)}"
            f" {amount(rules.stake, lang)} {stake_unit(rules, lang)}){colon(lang)} "
            + "  ".join(f"{seat_letter(s, lang)} {amount(pay[s.name], lang, '+f')}" for s in SEATS))


def match_summary(match: Match, lang: Lang | None = None, *, in_play: bool = False) -> RenderableType:
    """Games, rubbers, totals, the winner and the settlement of a match, in ``lang`` (both for
    ``None``); the score of a match not over as the score so far while it is ``in_play`` (the
    player's ``s``), else as the match unfinished (stopped, or a record replayed)."""
    items: list[RenderableType] = []
    rules = match.rules
    en, _, fr_of = rubber_words(rules)
    for i, g in enumerate(match.games):
        n = 1 + sum(other.rubber == g.rubber for other in match.games[:i])  # its number in its rubber
        what = say(f"game {n} of {en} {g.rubber + 1}", f"manche {n} {fr_of} {g.rubber + 1}", lang)
        items.append(game_text(g, rules.game_and_rubber_points, lang, what))
    for i, r in enumerate(match.rubbers, 1):
        items.append(rubber_text(i, r, rules, lang))
    if match.rubbers:
        if rules.game_and_rubber_points:
            totals = pair(match.totals(), lang=lang)
            items.append(Text(f"{label('Totals', 'totaux', lang)} {totals}", style="bold"))
        items.append(Text(result_text(rules, match.rubbers, match.totals(), match.is_over, lang),
                          style="bold"))
        if rules.stake:  # nobody pays anything at a stake of 0
            items.append(settlement_text(match, lang))
    if not match.is_over:
        head = (("Score so far", "partie en cours") if in_play else
                ("Match unfinished", "partie inachevée"))
        items.append(Text(say(f"{head[0]}: game score {pair(match.score)}, games in this {en}"
                              f" {pair(match.games_in_rubber())}",
                              f"{head[1]} : marque {pair(match.score, lang=lang)}, manches {fr_of}"
                              f" {pair(match.games_in_rubber(), lang=lang)}", lang), style="dim"))
    return Group(*items)
