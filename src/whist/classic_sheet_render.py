"""How a classic-whist score sheet is printed (RULES.md §2–4, §6): each deal's tricks, honours and
points, the game score, the games and rubbers closed, the totals and the settlement, with the
sides named as the language writes them (NS and EW, in French NS and EO). The sheet itself and its
scoring are :mod:`whist.classic_sheet`; ``whist sheet`` (:mod:`whist.cli_sheet`) prints with this.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Column, Table
from rich.text import Text

from whist.cards import SEATS, Seat, Side
from whist.classic_sheet import ClassicEntry, ClassicRow, ClassicSheet
from whist.cli_common import option_summary
from whist.colour_render import Lang, seat_letter
from whist.render import amount, colon, label, matches_result, rubber_word, rubber_words, say, stake_unit
from whist.rules import Rules
from whist.sheet import Sheet

__all__ = ["classic_closed", "classic_foot", "classic_sheet_table", "classic_totals_line",
           "classic_what", "pair_names", "pair_text", "seat_header", "sheet_title", "side_name"]


def sheet_title(lang: Lang) -> str:
    """``Score sheet``, in French ``Feuille de marque``: the title of either kind of sheet."""
    return say("Score sheet", "feuille de marque", lang)


def seat_header(sheet: Sheet | ClassicSheet, seat: Seat, lang: Lang) -> str:
    """``Dirk (W)``, in French ``Dirk (O)``: a player's name and seat."""
    return f"{sheet.name(seat)} ({seat_letter(seat, lang)})"


def side_name(side: Side, lang: Lang) -> str:
    """NS, EW (French: EO)."""
    return side.name_fr if lang == "fr" else side.name


def pair_names(sheet: ClassicSheet, side: Side) -> str:
    return f"({sheet.side_names(side)})"


def pair_text(pair: tuple[int, int]) -> str:
    return f"{pair[0]}–{pair[1]}"


def _tricks(entry: ClassicEntry, lang: Lang) -> str:
    """``NS 8 · EW 5``, or ``call at eight NS`` (in French with ``fr``)."""
    if entry.call is not None:
        return f"{'chant à huit' if lang == 'fr' else 'call at eight'} {side_name(entry.call, lang)}"
    return f"{side_name(Side.NS, lang)} {entry.tricks[0]} · {side_name(Side.EW, lang)} {entry.tricks[1]}"


def _honours(entry: ClassicEntry, lang: Lang) -> str:
    """``EW 4``, or ``none`` when neither side held three (empty for a call)."""
    held = entry.honours_side
    if entry.call is not None:
        return ""
    if held is None:
        return "aucun" if lang == "fr" else "none"
    return f"{side_name(held[0], lang)} {held[1]}"


def classic_what(entry: ClassicEntry, lang: Lang) -> str:
    """``tricks NS 8 · EW 5, honours EW 4`` or ``call at eight NS`` (in French with ``fr``)."""
    if entry.call is not None:
        return _tricks(entry, lang)
    fr = lang == "fr"
    return (f"{'levées' if fr else 'tricks'} {_tricks(entry, lang)},"
            f" {'honneurs' if fr else 'honours'} {_honours(entry, lang)}")


def _unscored(sheet: ClassicSheet, row: ClassicRow) -> bool:
    """Honours held (three or four) that scored nothing on this deal (D17, a side at nine, or
    honours not counted at all: option ``honours`` off)."""
    held = row.entry.honours_side
    return row.entry.call is None and held is not None and row.points.honours[held[0]] == 0


def _side_points(row: ClassicRow, side: Side) -> str:
    """A side's points on one deal: ``3``, or ``1 + 2`` (tricks + honours)."""
    tricks, honours = row.points.tricks[side], row.points.honours[side]
    if row.entry.call is not None or not honours:
        return str(tricks + honours)
    return f"{tricks} + {honours}"


def classic_closed(row: ClassicRow, lang: Lang, rules: Rules) -> str:
    """What the deal closed: ``game NS +2`` (its game points) and ``rubber 1 NS 2–1, totals 7–2``
    (games won, then each side's game and rubber points); without points (simple whist) ``match
    1 NS 2–0``."""
    lines: list[str] = []
    fr = lang == "fr"
    if row.game is not None:
        g = row.game
        text = f"{'manche' if fr else 'game'} {side_name(g.winner, lang)}"
        if g.game_points:
            text += f" +{g.game_points}"
        lines.append(text)
    if row.rubber is not None and row.game is not None:
        r = row.rubber
        en, in_fr, _ = rubber_words(rules)
        text = (f"{in_fr if fr else en} {row.game.rubber + 1} {side_name(r.winner, lang)}"
                f" {max(r.games)}–{min(r.games)}")
        if rules.game_and_rubber_points:
            text += f", {'totaux' if fr else 'totals'} {pair_text(r.totals)}"
        lines.append(text)
    return "\n".join(lines)


def _names_give_way(t: Table, width: int) -> None:
    """Where the table is wider than ``width``, narrow the two columns of the sides' names (3 and
    4) first, so that the other cells keep their words whole: "non comptés", "manche NS +1"."""
    def natural(column: Column) -> int:
        cells = (column.header, column.footer, *column.cells)
        return max(cell_len(line) for cell in cells
                   for line in (cell.plain if isinstance(cell, Text) else str(cell)).splitlines() or [""])
    room = width - 3 * len(t.columns) - 1  # borders and padding
    wanted = [natural(c) for c in t.columns]
    if sum(wanted) <= room:
        return
    left = room - sum(w for i, w in enumerate(wanted) if i not in (3, 4))
    for i in (3, 4):
        t.columns[i].width = max(left // 2, 5)


def classic_sheet_table(sheet: ClassicSheet, lang: Lang = "en", width: int | None = None) -> Table:
    """Each entry with each side's points, the game score after it and the games and rubbers it
    closed; the totals of the finished rubbers at the foot. Where it is wider than ``width`` (the
    terminal's), the names give way first."""
    t = Table(title=f"{sheet_title(lang)} ({option_summary(sheet.rules, lang)})",
              title_justify="left", show_footer=True)
    t.add_column("#", justify="right")
    points = sheet.rules.game_and_rubber_points
    t.add_column(f"{say('tricks', 'levées', lang)}\n{side_name(Side.NS, lang)}–{side_name(Side.EW, lang)}",
                 footer=Text(say("totals", "totaux", lang) if points
                             else say("matches won", "parties gagnées", lang), style="bold"))
    t.add_column(say("honours", "honneurs", lang))
    totals = sheet.totals()
    for side in Side:
        t.add_column(Text(f"{side_name(side, lang)}\n{sheet.side_names(side)}"), justify="right",
                     footer=Text(str(totals[side]), style="bold"))
    t.add_column(say("score", "marque", lang), justify="center", no_wrap=True)
    t.add_column(f"{say('game', 'manche', lang)}\n{rubber_word(sheet.rules, lang)}")
    for i, row in enumerate(sheet.rows(), 1):
        honours = Text(_honours(row.entry, lang))
        if _unscored(sheet, row):
            honours.append(", non comptés" if lang == "fr" else ", not scored", style="dim")
        tricks = (f"{'chant' if lang == 'fr' else 'call'} {side_name(row.entry.call, lang)}"
                  if row.entry.call is not None else pair_text(row.entry.tricks))
        t.add_row(str(i), tricks, honours,
                  *(_side_points(row, side) for side in Side),
                  Text(pair_text(row.score), style="bold"),
                  Text(classic_closed(row, lang, sheet.rules), style="bold" if row.game else ""))
    if width is not None:
        _names_give_way(t, width)
    t.caption = say(
        "honours: the side that held 3 or 4 of A K Q J of trumps; points: tricks + honours; score:"
        " the game score after the deal; "
        + ("game +N: its game points; totals: game and rubber points of the finished rubbers"
           if points else "matches won: by the first side to win two games"),
        "honneurs : le camp qui tenait 3 ou 4 des A R D V d'atout ; points : levées + honneurs ;"
        " marque : les points de la manche après la donne ; "
        + ("manche +N : ses points de manche ; totaux : points de manche et de robre des robres finis"
           if points else "parties gagnées : par le premier camp à gagner deux manches"), lang)
    t.caption_justify = "left"
    return t


def classic_totals_line(sheet: ClassicSheet, lang: Lang = "en") -> Text:
    """Each side's game and rubber points over the finished rubbers: they stay 0–0 until a rubber
    ends, so the label says so (the rubber in progress is in the line above it). Without points
    (simple whist), the matches each side won."""
    totals = sheet.totals()
    head = (label("Totals of the finished rubbers", "totaux des robres finis", lang)
            if sheet.rules.game_and_rubber_points else label("Matches won", "parties gagnées", lang))
    out = Text(head + " ", style="bold")
    out.append(" · ".join(f"{side_name(side, lang)} {pair_names(sheet, side)} {totals[side]}"
                          for side in Side))
    return out


def _plural(word: str, n: int) -> str:
    """``rubber`` for one, ``rubbers``, ``matches`` for more (French: ``robres``, ``parties``)."""
    return word if n == 1 else word + ("es" if word.endswith("ch") else "s")


def _money(v: float, lang: Lang) -> str:
    """``+2.5``, in French ``+2,5``; ``0`` for nothing."""
    return amount(v, lang, "+f") if v else "0"


def classic_foot(sheet: ClassicSheet, lang: Lang = "en") -> list[Text]:
    """Where the match stands, the totals, and the result or settlement; the sides named as in
    the rest of what is printed in ``lang`` (EO in French)."""
    rules = sheet.rules
    done = len(sheet.rubbers())
    ns, ew = side_name(Side.NS, lang), side_name(Side.EW, lang)
    en, fr, _ = rubber_words(rules)
    if sheet.is_over:
        count = f"{colon(lang)} {done} {say(_plural(en, done), _plural(fr, done), lang)}"
        if not rules.game_and_rubber_points and done <= 1:
            count = ""
        state = Text(f"{say('Match over', 'partie terminée', lang)}{count}.", style="bold")
    else:
        state = Text(f"{label('In play', 'en cours', lang)} {rubber_word(rules, lang)} {done + 1}"
                     f" {say('of', 'sur', lang)} {rules.rubbers}, {say('games', 'manches', lang)}"
                     f" {ns} {pair_text(sheet.games_in_rubber())} {ew}, {say('score', 'marque', lang)}"
                     f" {pair_text(sheet.score())}")
    lines = [state, classic_totals_line(sheet, lang)]
    if not done:
        return lines
    winner, diff = sheet.result()
    verb = say("win by", "gagnent de", lang) if sheet.is_over else say("lead by", "mènent de", lang)
    if not rules.game_and_rubber_points:
        head = matches_result(sheet.rubbers(), sheet.is_over,
                              lambda side: f"{side_name(side, lang)} {pair_names(sheet, side)}", lang)
    elif winner is None:
        head = say("all square", "à égalité", lang)
    else:
        plural = "s" if diff != 1 else ""
        head = (f"{side_name(winner, lang)} {pair_names(sheet, winner)} {verb} {diff}"
                f" point{plural if lang == 'en' or diff > 1 else ''}")
    if rules.stake > 0:
        money = sheet.settlement()
        stake = _money(rules.stake, lang).lstrip("+")
        out = Text(f"{say('Settlement', 'règlement', lang)} ({say('stake', 'enjeu', lang)} {stake}"
                   f" {stake_unit(rules, lang)}){colon(lang)} ", style="bold")
        pay = " · ".join(f"{seat_header(sheet, s, lang)} {_money(money[s.name], lang)}" for s in SEATS)
        out.append(head + (f" → {pay}" if winner is not None else ""))
    else:
        out = Text(label("Result", "résultat", lang) + " ", style="bold")
        out.append(head)
    lines.append(out)
    return lines
