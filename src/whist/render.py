"""Rich renderings shared by the terminal game and ``whist replay``: cards coloured by suit,
hands, tricks, deal and match results, with the game's terms in English and French.

Nothing here decides a rule: trick winners, points and games come from the engine and the
match; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist.actions import Action, Call
from whist.cards import SEATS, Card, Lang, Seat, Side, Suit, cards_of, rank_text
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


def seat_name(seat: Seat, you: Seat | None = None) -> str:
    """``South (Sud)``, or ``South (you)`` for the human's seat."""
    return f"{seat.name_en} (you)" if seat is you else f"{seat.name_en} ({seat.name_fr})"


def suit_text(suit: Suit) -> Text:
    """``♥ hearts / cœur`` in the suit's colour."""
    return Text(f"{suit.symbol} {suit.name_en} / {suit.name_fr}", style=SUIT_STYLES[suit])


def card_text(card: Card, style: str | None = None, lang: Lang = "en") -> Text:
    """A card with its symbol (``10♦``, ``K♥``; in French ``R♥``), coloured by suit."""
    return Text(card.in_lang(lang), style=style or SUIT_STYLES[card.suit])


def action_text(action: Action, you: bool = False, lang: Lang = "en") -> Text:
    """A card, or a call in words (``claims the game with honours A♥ K♥ Q♥``); ``you``: the
    verb for the player himself (``claim``, ``ask``); the cards written in ``lang``."""
    if isinstance(action, Card):
        return card_text(action, lang=lang)
    words = _CALL_WORDS[action.kind]
    out = Text(words[1] if you else words[0])
    for c in action.cards:
        out.append(" ")
        out.append_text(card_text(c, lang=lang))
    return out


_CALL_WORDS = {
    "claim": ("claims the game with honours / annonce les honneurs:",
              "claim the game with honours / annoncez les honneurs:"),
    # the answer is the table's, true, about the honours the partner was dealt (RULES.md §2 (b)),
    # not a choice, and an honour he has played since still counts
    "ask": ("asks partner for an honour: “can you one?”", "ask partner for an honour: “can you one?”"),
    "yes": ("was dealt an honour: yes; the partners show their honours",
            "were dealt an honour: yes; you both show your honours"),
    "no": ("was dealt no honour: no", "were dealt no honour: no"),
}


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


def shown_text(deal: ClassicDeal, lang: Lang = "en") -> Text:
    """The cards shown by calls: ``Shown / montrées: N A♥ K♥ · S Q♥`` (written in ``lang``)."""
    out = Text("Shown / montrées:")
    for i, (seat, cards) in enumerate(sorted(deal.shown_cards().items())):
        out.append(" ·" if i else "")
        out.append(f" {seat.name}")
        for c in cards:
            out.append(" ")
            out.append_text(card_text(c, lang=lang))
    return out


def deals_words(n: int) -> str:
    """How many deals, in both languages.

    >>> deals_words(1), deals_words(40)
    ('1 deal / donne', '40 deals / donnes')
    """
    s = "" if n == 1 else "s"
    return f"{n} deal{s} / donne{s}"


def pair(values: Sequence[int | float], sep: str = " · ") -> str:
    """``NS 3 · EW 1`` from a pair indexed by side."""
    return f"NS {_num(values[0])}{sep}EW {_num(values[1])}"


def _num(v: int | float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


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


def trick_text(line: TrickLine, shown: ClassicDeal | None = None) -> Text:
    """``Trick 3 (levée): East leads — E 7♣  S 2♣  W K♣  N A♣  → North (NS)``; for a claim or a
    "yes", the cards ``shown`` in that deal."""
    if line.call is not None:
        seat, call = line.call
        out = Text(f"  {seat.name_en} ")
        out.append_text(action_text(call))
        if call.kind in ("claim", "yes") and shown is not None:
            out.append("  ")
            out.append_text(shown_text(shown))
        return out
    winner = line.winner
    return trick_row(line.number, f"{line.leader.name_en:<5}", line.cards,
                     f"{winner.name_en} ({SIDE_NAMES[winner.side]})" if winner is not None else None,
                     continued=line.continued)


def trick_row(number: int, leader: str, cards: Iterable[tuple[Seat, Card]], winner: str | None,
              lang: Lang = "en", *, continued: bool = False) -> Text:
    """``Trick 3 (levée): East  leads — E 7♣  S 2♣  W K♣  N A♣  → North (NS)``, with ``leader``
    and ``winner`` as given (``None``: the trick is unfinished, or ``continued`` after a call,
    ``…``), the cards written in ``lang``; for either game."""
    out = Text(f"Trick {number:>2} (levée): {leader} leads — ")
    for seat, c in cards:
        out.append(f"{seat.name} ")
        shown = card_text(c, lang=lang)
        out.append_text(shown)
        out.append(" " * (5 - len(shown)))
    if winner is not None:
        out.append(f"→ {winner}")
    elif continued:
        out.append("…")
    else:
        out.append("(unfinished / inachevée)", style="dim")
    return out


# ----- deal header and results -----------------------------------------------------------


def trump_line(deal: ClassicDeal, you: Seat | None = None, lang: Lang = "en") -> Text:
    """``Dealer / donneur West · trump / atout ♥ hearts / cœur · turned 7♥`` (the card written
    in ``lang``)."""
    dealer = "you" if deal.dealer is you else deal.dealer.name_en
    out = Text(f"Dealer / donneur {dealer} · trump / atout ")
    out.append_text(suit_text(deal.trump))
    out.append(" · turned / retourne ")
    out.append_text(card_text(deal.trump_card, lang=lang))
    return out


def hands_table(deal: ClassicDeal) -> Table:
    """The four hands as dealt."""
    return dealt_hands(deal.dealt, {seat: seat_name(seat) for seat in SEATS})


def dealt_hands(dealt: Sequence[int], names: Mapping[Seat, str], lang: Lang = "en") -> Table:
    """The four hands ``dealt``, each after its seat's name in ``names``, the ranks written in
    ``lang``; for either game."""
    t = Table.grid(padding=(0, 2))
    t.add_column()
    t.add_column()
    for seat in SEATS:
        t.add_row(names[seat], hand_text(cards_of(dealt[seat]), lang=lang))
    return t


def deal_result(deal: ClassicDeal, title: str = "Result / résultat", show_game: bool = True) -> Table:
    """Tricks, honours and points of a finished deal, from the engine's ``points()``; with
    ``show_game``, the side that won the game with it."""
    pts = deal.points()
    w = deal.tricks_won
    t = Table(title=title, title_justify="left", show_header=True, box=None, padding=(0, 2))
    t.add_column("")
    t.add_column("NS", justify="right")
    t.add_column("EW", justify="right")
    called = deal.called_side()
    t.add_row("tricks / levées", f"{w[0] + w[2]} (N {w[0]}, S {w[2]})", f"{w[1] + w[3]} (E {w[1]}, W {w[3]})")
    t.add_row("honours held / honneurs", str(deal.side_honours(Side.NS)), str(deal.side_honours(Side.EW)))
    t.add_row("trick points / points de levées", str(pts.tricks[0]), str(pts.tricks[1]))
    t.add_row("honour points / points d'honneurs", str(pts.honours[0]), str(pts.honours[1]))
    t.add_row(Text("points of the deal / points de la donne", style="bold"),
              Text(str(pts.total[0]), style="bold"), Text(str(pts.total[1]), style="bold"))
    notes: list[RenderableType] = [t]
    if called is not None:
        notes.append(Text(f"{SIDE_NAMES[called]} won the game by calling at eight"
                          " (chanter à huit)", style="bold"))
    if show_game and pts.game_winner is not None:
        notes.append(Text(f"Game / manche won by {SIDE_NAMES[pts.game_winner]}", style="bold"))
    return _group_table(notes)


def _group_table(items: list[RenderableType]) -> Table:
    t = Table.grid()
    t.add_column()
    for item in items:
        t.add_row(item)
    return t


def game_text(game: GameResult, rules_game_points: bool) -> Text:
    """``Game / manche won by NS, NS 10 – EW 4: 2 game points``."""
    out = Text(f"Game / manche won by {SIDE_NAMES[game.winner]}, {pair(game.score, ' – ')}")
    if rules_game_points:
        out.append(f": {game.game_points} game point{'s' if game.game_points != 1 else ''}")
    return out


def rubber_words(rules: Rules) -> tuple[str, str, str]:
    """What a rubber is called at this table, in English, in French and in French after "of":
    without game and rubber points (simple whist, RULES.md §4) it is the match, won by the first
    side to win two games."""
    if rules.game_and_rubber_points:
        return "rubber", "robre", "du robre"
    return "match", "partie", "de la partie"


def rubber_text(number: int, rubber: RubberResult, rules: Rules) -> Text:
    """Who won a rubber and its games; with game and rubber points, these on a second line."""
    en, fr, _ = rubber_words(rules)
    out = Text(f"{en.capitalize()} / {fr} {number} won by {SIDE_NAMES[rubber.winner]}, games / manches"
               f" {pair(rubber.games, ' – ')}", style="bold")
    if rules.game_and_rubber_points:
        out.append(f"\n  game points {pair(rubber.game_points)} + rubber points / points de robre"
                   f" {pair(rubber.rubber_points)} = {pair(rubber.totals)}")
    return out


def stake_unit(rules: Rules) -> str:
    """What the stake is paid for: each point of difference, or without points (simple whist) each
    match won more."""
    return "per point" if rules.game_and_rubber_points else "per match won / par partie gagnée"


def matches_result(rubbers: Sequence[RubberResult], over: bool = True,
                   label: Callable[[Side], str] = SIDE_NAMES.__getitem__) -> str:
    """The result of a match without points (simple whist, RULES.md §4), from its finished
    ``rubbers`` (each a match won by the first side to win two games): ``NS win the match, 2 games
    to 1 / gagnent la partie, 2 manches à 1``, over several ``NS win 2 matches to 1 / …``;
    ``lead`` while not ``over``. ``label`` names a side."""
    won = [0, 0]
    for r in rubbers:
        won[r.winner] += 1
    if won[0] == won[1]:
        each = won[0]
        return (f"all square, {each} match{'es' if each != 1 else ''} each / à égalité,"
                f" {each} partie{'s' if each > 1 else ''} chacun")
    w = Side.NS if won[0] > won[1] else Side.EW
    if over and len(rubbers) == 1:
        hi, lo = rubbers[0].games[w], rubbers[0].games[w.other]
        return f"{label(w)} win the match, {hi} games to {lo} / gagnent la partie, {hi} manches à {lo}"
    verb = ("win", "gagnent") if over else ("lead", "mènent")
    hi, lo = won[w], won[w.other]
    return (f"{label(w)} {verb[0]} {hi} match{'es' if hi != 1 else ''} to {lo} /"
            f" {verb[1]} {hi} partie{'s' if hi > 1 else ''} à {lo}")


def result_text(rules: Rules, rubbers: Sequence[RubberResult], totals: tuple[int, int],
                over: bool = True) -> str:
    """Who wins: by the points of the ``totals`` (``NS win by 3 points / gagnent de 3``, ``Drawn /
    égalité``), or without points (simple whist) by the matches won (:func:`matches_result`)."""
    if not rules.game_and_rubber_points:
        return matches_result(rubbers, over)
    if totals[0] == totals[1]:
        return "Drawn / égalité"
    winner = Side.NS if totals[0] > totals[1] else Side.EW
    diff = abs(totals[0] - totals[1])
    return f"{SIDE_NAMES[winner]} win by {diff} point{'s' if diff != 1 else ''} / gagnent de {diff}"


def settlement_text(match: Match) -> Text:
    pay = match.settlement()
    out = Text(f"Settlement / règlement (stake / enjeu {match.rules.stake:g} {stake_unit(match.rules)}): ")
    out.append("  ".join(f"{s} {pay[s]:+g}" for s in ("N", "E", "S", "W")))
    return out


def match_summary(match: Match) -> RenderableType:
    """Games, rubbers, totals, the winner and the settlement of a match."""
    items: list[RenderableType] = []
    rules = match.rules
    en, fr, _ = rubber_words(rules)
    for g in match.games:
        items.append(Text(f"{en.capitalize()} / {fr} {g.rubber + 1}: ").append_text(
            game_text(g, rules.game_and_rubber_points)))
    for i, r in enumerate(match.rubbers, 1):
        items.append(rubber_text(i, r, rules))
    if match.rubbers:
        if rules.game_and_rubber_points:
            items.append(Text(f"Totals / totaux: {pair(match.totals())}", style="bold"))
        items.append(Text(result_text(rules, match.rubbers, match.totals(), match.is_over),
                          style="bold"))
        items.append(settlement_text(match))
    if not match.is_over:
        items.append(Text(f"Match unfinished / partie inachevée: game score {pair(match.score)},"
                          f" games in this {en} {pair(match.games_in_rubber())}", style="dim"))
    return Group(*items)
