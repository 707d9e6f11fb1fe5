"""Rich renderings of colour whist (whist à la couleur) shared by the terminal game and
``whist replay``: calls and contracts in English or French with suits coloured, the legal calls
as a short list, the contract in play, a deal's result and the running score table of a session.
Their labels are in ``lang`` (the terminal game, ``whist replay --lang``), or in both languages
for ``None`` (``Auction / annonces``), where the calls and seats are in English.

Nothing here decides a rule: contracts, declarers, trump, tricks needed, trick winners and
points all come from the engine (:mod:`whist.couleur`, :mod:`whist.couleur_match`).

>>> from whist.auction import parse_call
>>> call_text(parse_call("solo 7 H"), "fr").plain
'solo 7 cœur'
>>> calls_summary([parse_call(t) for t in ("pass", "solo 6 D", "solo 6 H", "solo 7 S", "solo 7 H")]).plain
'pass / passe · solo 6 ♦♥ | 7 ♠♥'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from whist.auction import ColourCall
from whist.cards import SEATS, Card, Lang, Seat, Suit, of_fr
from whist.contracts import KINDS, Contract
from whist.couleur import CardCall, ColourAction, ColourDeal, ColourView
from whist.couleur_match import ColourMatch
from whist.render import (
    SUIT_STYLES,
    TRICK_WORDS,
    card_text,
    colon,
    dealt_hands,
    label,
    say,
    seat_letter,
    seat_word,
    suit_text,
    term,
    trick_row,
)
from whist.tables import needed_tricks

__all__ = [
    "Lang",
    "action_text",
    "auction_text",
    "call_text",
    "calls_summary",
    "colour_history",
    "contract_both",
    "contract_facts",
    "contract_lines",
    "contract_text",
    "deal_result",
    "in_text",
    "joined_text",
    "outcome_marks",
    "outcome_text",
    "seat_letter",
    "seat_names",
    "session_table",
    "tricks_text",
]

def seat_names(lang: Lang | None = "en", you: Seat | None = None) -> dict[Seat, str]:
    """Each seat's name in ``lang`` (English for ``None``); the human's seat as ``You`` / ``Vous``."""
    return {s: say("You", "vous", lang or "en") if s is you else seat_word(s, lang) for s in SEATS}


def in_text(name: str) -> str:
    """A seat's name inside a sentence or after a label: the player's own in lower case
    (``gagnée par vous``, ``dealer you``), any other as it is (``Nord``).

    >>> in_text("Vous"), in_text("You"), in_text("Nord")
    ('vous', 'you', 'Nord')
    """
    return name.lower() if name in ("Vous", "You") else name


def _suit(suit: Suit, lang: Lang | None) -> Text:
    return Text(suit.name_fr if lang == "fr" else suit.symbol, style=SUIT_STYLES[suit])


def contract_text(contract: Contract, lang: Lang | None = "en") -> Text:
    """``solo 7 ♥`` (English, suit symbol) or ``solo 7 cœur`` (French), the suit coloured; for
    ``None`` in English, the queens game with its French name too."""
    bare = Contract(contract.kind, contract.level)
    if contract.kind == "dames" and lang is None:
        return Text("queens / misère par les dames")
    out = Text(bare.text_fr if lang == "fr" else bare.text)
    if contract.suit is not None:
        out.append(" ")
        out.append_text(_suit(contract.suit, lang))
    return out


def contract_both(contract: Contract, lang: Lang | None = None) -> Text:
    """:func:`contract_text`, and for ``None`` (the labels around it in both languages) the French
    name after the English one where it differs: ``slam ♥ / chelem``, ``open misère / grande
    misère sur table``."""
    out = contract_text(contract, lang)
    info = KINDS[contract.kind]
    if lang is None and info.fr != info.en and contract.kind != "dames":  # dames: both already
        out.append(f" / {info.fr}")
    return out


_CALL_WORDS = {"pass": ("pass", "passe"), "wait": ("wait", "j'attends"),
               "accept": ("accept", "j'emballe"), "trou": ("trou", "trou")}


def call_text(call: ColourCall, lang: Lang | None = "en") -> Text:
    """A call as said at the table: ``propose ♥`` / ``propose cœur``, ``pass`` / ``passe`` …"""
    c = call.contract
    if c is None:
        return Text(_CALL_WORDS[call.kind][lang == "fr"])
    if c.kind == "emballage" and c.level == 8 and c.suit is not None:
        return Text("propose ").append_text(_suit(c.suit, lang))
    return contract_text(c, lang)


def action_text(action: ColourAction, lang: Lang | None = "en", you: bool = False,
                four_aces: bool = False) -> Text:
    """What a player did, as a verb phrase: ``plays 7♥``, ``says propose ♥``, ``shows 7♥``,
    ``discards a card face down``; ``you``: the verb for the player himself; ``four_aces``: a
    trou announced with four aces (D2), not three."""
    fr = lang == "fr"
    if isinstance(action, Card):
        verb = ("jouez " if you else "joue ") if fr else ("play " if you else "plays ")
        return Text(verb).append_text(card_text(action, lang=lang or "en"))
    if isinstance(action, CardCall):
        if action.kind == "show":
            verb = ("montrez " if you else "montre ") if fr else ("show " if you else "shows ")
            out = Text(verb)
            if action.card is not None:
                out.append_text(card_text(action.card, lang=lang or "en"))
            return out.append(f" ({term('trump', lang)})", style="dim")
        if action.card is None:
            return Text("écarte une carte face cachée" if fr else "discards a card face down")
        verb = "écartez " if fr else "discard "
        return Text(verb).append_text(card_text(action.card, lang=lang or "en")).append(
            " (face cachée)" if fr else " (face down)", style="dim")
    if action.kind == "trou":
        verb = ("annoncez" if you else "annonce") if fr else ("announce" if you else "announces")
        aces = (("quatre" if four_aces else "trois") + " as") if fr else \
            (("four" if four_aces else "three") + " aces")
        return Text(f"{verb} trou ({aces})")
    if fr:  # the call quoted, as French writes what is said: Nord dit « propose cœur »
        return Text("dites « " if you else "dit « ").append_text(call_text(action, lang)).append(" »")
    return Text("say " if you else "says ").append_text(call_text(action, lang))


def auction_text(view: ColourView, names: Mapping[Seat, str], lang: Lang | None = None) -> Text:
    """Every call so far, in order, each after its caller's name and a colon, as the calls are
    words quoted rather than verbs: ``Auction / annonces: North: propose ♥ · East: pass …`` (in
    ``lang``; both for ``None``); a trou names its partner (``?`` while hidden)."""
    out = Text(f"{label('Auction', 'annonces', lang)}", style="bold")
    calls = [(s, a) for s, a in view.actions if isinstance(a, ColourCall)]
    if not calls:
        out.append(" —", style="dim")
    for i, (seat, call) in enumerate(calls):
        out.append(" ·" if i else "")
        out.append(f" {names[seat]}{colon(lang)} ")
        out.append_text(call_text(call, lang))
        if call.kind == "trou" and view.trou is not None:
            partner = view.trou[1]
            out.append(f" (+ {names[partner] if partner is not None else '?'})")
    return out


@dataclass
class _Group:
    label_en: str
    label_fr: str
    levels: list[tuple[int | None, list[Suit]]]


def joined_text(maker: str, call: ColourCall, lang: Lang | None = "en") -> Text:
    """The bid an ``accept`` joins, with its maker's name (:func:`in_text`), as the legal calls
    name it after ``accept``: ``East's small misère``, ``North's proposal ♥``; in French ``petite
    misère d'Est``, ``proposition ♥ de Nord`` (the web's button: « J'emballe (Est petite misère) »)."""
    c = call.contract
    assert c is not None  # (a bid)
    fr = lang == "fr"
    if c.kind == "emballage" and c.level == 8 and c.suit is not None:
        said = Text("proposition " if fr else "proposal ").append_text(_suit(c.suit, lang))
    else:
        said = call_text(call, lang)
    name = in_text(maker)
    if fr:
        return said.append(f" {of_fr(name)}")
    return Text(f"{name}'s ").append_text(said)


def calls_summary(calls: Sequence[ColourAction], lang: Lang | None = None,
                  joins: tuple[str, ColourCall] | None = None) -> Text:
    """The legal calls as a short list, suits collapsed, in ``lang`` or for ``None`` in English and
    French: ``pass / passe · propose ♠♣♦♥ · solo 6 7 8 ♠♣♦♥ · small misère / petite misère …``;
    ``joins``: the maker's name and the bid ``accept`` joins, said after it (:func:`joined_text`:
    ``accept (East's small misère)``, ``j'emballe (petite misère d'Est)``)."""
    groups: dict[str, _Group] = {}
    for a in calls:
        if not isinstance(a, ColourCall):
            continue
        c = a.contract
        if c is None:
            en, fr = _CALL_WORDS[a.kind]
            groups.setdefault(a.kind, _Group(en, fr, []))
            continue
        info = KINDS[c.kind]
        key = "propose" if c.kind == "emballage" and c.level == 8 else c.kind
        if key == "propose":
            en = fr = "propose"
        else:
            en, fr = info.key if info.key in ("emballage", "solo", "abondance") else info.en, info.fr
        g = groups.setdefault(key, _Group(en, fr, []))
        level = c.level if info.levels and key != "propose" else None
        if not g.levels or g.levels[-1][0] != level:
            g.levels.append((level, []))
        if c.suit is not None:
            g.levels[-1][1].append(c.suit)
    out = Text()
    for i, g in enumerate(groups.values()):
        if i:
            out.append(" · ", style="dim")
        out.append(g.label_fr if lang == "fr" else g.label_en)
        merged: list[tuple[list[int], list[Suit]]] = []
        for level, suits in g.levels:
            if merged and merged[-1][1] == suits and level is not None:
                merged[-1][0].append(level)
            else:
                merged.append(([level] if level is not None else [], suits))
        for j, (levels, suits) in enumerate(merged):
            if j:
                out.append(" |")
            if levels:
                out.append(" " + " ".join(str(x) for x in levels))
            if suits:
                out.append(" ")
                for s in suits:  # in the engine's order of the legal calls
                    out.append(s.symbol, style=SUIT_STYLES[s])
        if lang is None and g.label_fr != g.label_en:
            out.append(f" / {g.label_fr}")
        if g.label_en == "accept" and joins is not None:
            out.append(" (").append_text(joined_text(*joins, lang)).append(")")
    return out


def _declarers(seats: Sequence[Seat], names: Mapping[Seat, str]) -> str:
    """The declarers inside a line, after the contract: ``Nord + vous`` (:func:`in_text`)."""
    return " + ".join(in_text(names[s]) for s in seats) if seats else "—"


def _needed(contract: Contract, needed: int | None, lang: Lang | None, declarers: int = 1) -> str:
    """What the declarers need, in ``lang``: ``aucun pli`` (a misère; ``(12 plis dans la
    donne)`` for the petite misère, RULES.md §5.5), ``exactement 1 pli`` (piccolo), ``les 13
    plis`` (a slam), else ``au moins 9 plis``."""
    if needed is None:
        return ""
    fr = lang == "fr"
    if KINDS[contract.kind].is_misere:
        each = (" chacun" if fr else " each") if declarers > 1 else ""
        if needed == 0:
            out = ("aucun pli" if fr else "no trick") + each
        else:
            s = "s" if needed > 1 else ""
            out = f"exactement {needed} pli{s}{each}" if fr else f"exactly {needed} trick{s}{each}"
        tricks = KINDS[contract.kind].tricks
        if tricks < 13:  # each player discards a card first (RULES.md §5.5)
            out += f" ({tricks} plis dans la donne)" if fr else f" ({tricks} tricks in the deal)"
        return out
    if needed == 13:
        return "les 13 plis" if fr else "all 13 tricks"
    return f"au moins {needed} plis" if fr else f"at least {needed} tricks"


def contract_facts(view: ColourView, names: Mapping[Seat, str],
                   lang: Lang | None = None) -> list[tuple[str, Text]]:
    """The contract once the auction is over, as (label, value) rows: contract and declarers,
    trump, tricks needed, the multiplier of a doubled deal (in ``lang``; both for ``None``)."""
    c = view.contract
    if c is None:
        return []
    what = contract_both(c, lang)
    if view.declarers:
        what.append(f" — {_declarers(view.declarers, names)}")
    else:
        what.append(f" — {say('each for himself', 'chacun pour soi', lang)}")
    if view.trou is not None and c.kind == "trou" and view.trou[1] is None:
        what.append(f" + ? ({say('hidden partner', 'partenaire caché', lang)})")
    rows = [(say("Contract", "contrat", lang), what)]
    if view.trump is not None:
        trump = suit_text(view.trump, lang)
    elif view.phase == "show":
        trump = Text(say("the suit of the card shown", "la couleur de la carte montrée", lang))
    else:
        trump = Text(say("none", "sans atout", lang))
    rows.append((term("trump", lang).capitalize(), trump))
    needed = view.needed
    if needed is None and view.phase == "discard":  # known from the contract before the play
        needed = needed_tricks(c, view.rules.style)
    need = _needed(c, needed, lang, len(view.declarers)) if view.declarers else ""
    if need:
        rows.append((say("Needed", "il faut", lang), Text(need)))
    if view.multiplier > 1:
        rows.append(("Double", Text(f"×{view.multiplier}", style="bold")))
    return rows


def contract_lines(view: ColourView, names: Mapping[Seat, str], lang: Lang | None = None) -> Text:
    """The contract on one line: ``Contract / contrat: solo 7 ♥ — North · Trump / atout: ♥ …``
    (in ``lang``; both for ``None``)."""
    if view.contract is None:
        if view.phase == "over":
            return Text(f"{label('Everybody passed', 'tous passent', lang)}"
                        f" {say('redeal', 'on redonne', lang)}", style="bold")
        return Text(say("No contract yet", "pas encore de contrat", lang), style="dim")
    out = Text()
    for i, (head, value) in enumerate(contract_facts(view, names, lang)):
        out.append(" · " if i else "")
        out.append(f"{head}{colon(lang)} ", style="bold")
        out.append_text(value)
    return out


def tricks_text(view: ColourView, lang: Lang | None = "en") -> Text:
    """``N 3 · E 2 · S 0 · W 1`` (in French ``… · O 1``), the declarers in bold."""
    out = Text()
    for i, s in enumerate(SEATS):
        out.append(" · " if i else "")
        out.append(f"{seat_letter(s, lang)} {view.tricks_won[s]}",
                   style="bold" if s in view.declarers else "")
    return out


def _points(p: int) -> str:
    return f"{p:+d}" if p else "0"


def outcome_text(declarers: Sequence[Seat], made: Mapping[Seat, bool], names: Mapping[Seat, str],
                 lang: Lang | None = None, feminine: bool = False) -> Text:
    """Made or failed (``made``: by declarer, :func:`whist.tables.made`): ``made / réussi``, or per
    declarer when several misère players differ (``North made / réussie, East failed /
    chutée``); in ``lang``, both for ``None``; the French agrees with the contract's name
    (``feminine``: ``misère réussie``, ``solo chuté``)."""
    ok = [made[s] for s in declarers]
    if not declarers:
        return Text()
    e = "e" if feminine else ""
    words = {True: say("made", f"réussi{e}", lang), False: say("failed", f"chuté{e}", lang)}
    if all(ok) or not any(ok):
        return Text(words[ok[0]], style="bold green" if ok[0] else "bold red")
    out = Text()
    for i, (s, good) in enumerate(zip(declarers, ok, strict=True)):
        out.append(", " if i else "")
        out.append(f"{names[s]} {words[good]}",
                   style="bold green" if good else "bold red")
    return out


def outcome_marks(declarers: Sequence[Seat], made: Mapping[Seat, bool], lang: Lang | None = "en") -> Text:
    """``(N ✓)``, ``(N, E ✗)`` or ``(N ✓, E ✗)``: declarers (their initials in ``lang``) with made
    (✓) or failed (✗)."""
    ok = [made[s] for s in declarers]
    out = Text(" (")
    if all(ok) or not any(ok):
        out.append(", ".join(seat_letter(s, lang) for s in declarers))
        out.append(" ✓" if ok[0] else " ✗", style="green" if ok[0] else "red")
    else:
        for i, (s, good) in enumerate(zip(declarers, ok, strict=True)):
            out.append((", " if i else "") + seat_letter(s, lang))
            out.append(" ✓" if good else " ✗", style="green" if good else "red")
    return out.append(")")


def deal_result(deal: ColourDeal, names: Mapping[Seat, str], title: str,
                lang: Lang | None = None) -> RenderableType:
    """A finished deal: contract, declarers, made or not, tricks and points per player, or the
    redeal of a deal everybody passed (in ``lang``; both for ``None``)."""
    if deal.passed_out:
        return Text(f"{title}{colon(lang)} {say('everybody passed', 'tous passent', lang)} —"
                    f" {say('redeal, the deal does not count', 'on redonne, la donne ne compte pas', lang)}",
                    style="bold")
    v = deal.view(None)
    c = v.contract
    assert c is not None
    head = Text(f"{title}{colon(lang)} ", style="bold")
    head.append_text(contract_both(c, lang))
    if v.declarers:
        head.append(f" — {_declarers(v.declarers, names)}")
    pts = deal.points()
    if v.declarers:
        head.append(" — ")
        head.append_text(outcome_text(v.declarers, deal.made(), names, lang, c.info.feminine))
    if deal.multiplier > 1:
        head.append(f" — ×{deal.multiplier} (double)", style="bold")
    t = Table(show_header=True, box=None, padding=(0, 2))
    t.add_column("")
    for s in SEATS:
        t.add_column(names[s], justify="right", style="bold" if s in v.declarers else "")
    t.add_row(say("tricks", TRICK_WORDS[True].many, lang), *(str(v.tricks_won[s]) for s in SEATS))
    if c.kind == "dames":  # what the queens game scores (RULES.md §5.8)
        queens = deal.queens()
        t.add_row(say("queens", "dames", lang), *(str(queens[s]) for s in SEATS))
    t.add_row(Text("points", style="bold"), *(Text(_points(pts[s]), style="bold") for s in SEATS))
    items: list[RenderableType] = [head, t]
    if v.needed is not None and v.declarers:
        need = _needed(c, v.needed, lang, len(v.declarers))
        items.append(Text(f"{label('Needed', 'il fallait', lang)} {need}", style="dim"))
    if any(deal.hands):
        items.append(Text(say("Play stopped once every player's points were fixed",
                              "jeu arrêté : les points étaient acquis", lang), style="dim"))
    return Group(*items)


def session_table(match: ColourMatch, names: Mapping[Seat, str], lang: Lang | None = None,
                  title: str | None = None) -> Table:
    """The running score table: every deal (passed ones included) with each player's points and
    the running totals, then the totals (in ``lang``; both for ``None``)."""
    n, pl = match.played, "" if match.played < 2 else "s"  # shown mid-deal too: those finished
    t = Table(title=f"{title or say('Session', 'partie', lang)}{colon(lang)} "
              + say(f"{n} of {match.rules.deals} deals played",
                    f"{n} donne{pl} jouée{pl} sur {match.rules.deals}", lang),
              title_justify="left", show_footer=True)
    t.add_column("#", justify="right", footer="")
    # The contract goes on two lines where the table does not fit, never a player's points and total
    t.add_column(say("contract", "contrat", lang), footer=Text(say("totals", "totaux", lang), style="bold"))
    run = [0, 0, 0, 0]
    rows: list[list[Text | str]] = []
    number = 0
    for d in match.deals:
        if d.passed_out:
            rows.append(["–", Text(say("all passed, redeal", "tous passent", lang), style="dim"),
                         *("" for _ in SEATS)])
            continue
        number += 1
        v = d.view(None)
        assert v.contract is not None
        what = contract_text(v.contract, lang)
        pts = d.points()
        if v.declarers:
            what.append_text(outcome_marks(v.declarers, d.made(), lang))
        if d.multiplier > 1:
            what.append(f" ×{d.multiplier}", style="bold")
        cells: list[Text | str] = [str(number), what]
        for s in SEATS:
            run[s] += pts[s]
            cell = Text(f"{_points(pts[s]):>4} ")
            cell.append(f"{run[s]:>4}", style="bold")
            cells.append(cell)
        rows.append(cells)
    for s in SEATS:
        t.add_column(names[s], justify="right", footer=Text(str(match.totals[s]), style="bold"))
    for r in rows:
        t.add_row(*r)
    t.caption = say("each player: the deal's points, then the running total (bold)",
                    "chaque joueur : les points de la donne, puis le total (en gras)", lang)
    t.caption_justify = "left"
    return t


# ----- replay: a deal's history ------------------------------------------------------------------


def colour_history(deal: ColourDeal, names: Mapping[Seat, str] | None = None,
                   lang: Lang | None = None) -> list[RenderableType]:
    """A deal from the start, as everyone at the table saw it once it was over: the hands as
    dealt, the auction, the contract, the shown card, the discards and every trick with its
    winner, by re-applying the deal's actions through the engine."""
    names = names or seat_names(lang)
    state = ColourDeal.new(deal.rules, deal.dealer, deal.dealt, deal.multiplier)
    out: list[RenderableType] = []
    out.append(Text(f"{say('Dealer', 'donneur', lang)} {names[deal.dealer]}"
                    + (f" · ×{deal.multiplier} (double)" if deal.multiplier > 1 else "")))
    out.append(dealt_hands(deal.dealt, names, lang or "en"))
    discards = Text(label("Discards", "écarts", lang))
    cards: list[tuple[Seat, Card]] = []
    for seat, action in deal.actions:
        done = sum(state.tricks_won)
        was = state.phase
        state = state.apply(action, seat)
        if isinstance(action, ColourCall):
            if state.phase != "auction" and was in ("auction", "trou"):
                out.append(auction_text(state.view(None), names, lang))
                if not state.passed_out:
                    out.append(contract_lines(state.view(None), names, lang))
            continue
        if isinstance(action, CardCall):
            if action.kind == "show":
                out.append(Text(f"  {names[seat]} ").append_text(action_text(action, lang)))
                out.append(contract_lines(state.view(None), names, lang))
            elif action.card is not None:
                discards.append(f" {names[seat]} ").append_text(card_text(action.card, lang=lang or "en"))
                if state.phase == "play":
                    out.append(discards)
            continue
        cards.append((seat, action))
        if sum(state.tricks_won) > done:
            out.append(_trick_line(done + 1, cards, state.leader, names, lang))
            cards = []
    if deal.actions and state.phase in ("auction", "trou"):  # a record stopped mid-auction
        out.append(auction_text(state.view(None), names, lang))
    if cards:
        out.append(_trick_line(sum(state.tricks_won) + 1, cards, None, names, lang))
    return out


def _trick_line(number: int, cards: Sequence[tuple[Seat, Card]], winner: Seat | None,
                names: Mapping[Seat, str], lang: Lang | None) -> Text:
    return trick_row(number, f"{names[cards[0][0]]:<6}", cards, names[winner] if winner is not None else None,
                     lang or "en", colour=True)
