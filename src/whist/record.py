"""Records: every deal and match as a JSON document that replays through the engine.

A deal record (``whist-record/1``) holds the rules, the dealer, the four hands as dealt
(PBN), every action as ``[seat, text]`` and the result; classic whist adds the game score
before the deal and the turned card, colour whist the deck as dealt and the deal's
multiplier. A match record (``whist-match/1``) holds the rules, the first dealer, its deal
records and the match's result. :func:`replay` re-applies every action and refuses a record
whose actions are illegal or whose stored fields differ from the replayed game's (in a match,
also a deal under other rules than the match's, and with option ``shuffle`` off a deck that is
not the last deal's cards gathered and cut), naming the first problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar

from whist.actions import Action, IllegalAction
from whist.cards import (
    CARDS,
    SEATS,
    Card,
    ParseError,
    Refusal,
    Seat,
    Side,
    format_hand,
    os_reason,
    parse_card,
    parse_hand,
    parse_seat,
    read_at_most,
    read_json,
    visible_text,
)
from whist.classic_sheet import CLASSIC_SHEET_FORMAT
from whist.couleur import ColourAction, ColourDeal
from whist.couleur_match import ColourMatch
from whist.engine import ClassicDeal
from whist.match import Match
from whist.rules import Rules, RulesError
from whist.scoring import start_score_fault
from whist.sheet import SHEET_FORMAT

AnyDeal = ClassicDeal | ColourDeal
AnyMatch = Match | ColourMatch

DEAL_FORMAT = "whist-record/1"
MATCH_FORMAT = "whist-match/1"

__all__ = [
    "DEAL_FORMAT",
    "MATCH_FORMAT",
    "Decision",
    "RecordError",
    "deal_record",
    "decisions",
    "load",
    "match_record",
    "replay",
    "save",
    "save_new",
    "start_deal",
    "write_new",
]

T = TypeVar("T")


class RecordError(Refusal):
    """A record that cannot be read, has an illegal action, or whose stored result differs, said
    in English and French (``in_lang``)."""


Where = tuple[str, str]
"""Where in a record a problem is, in English and French: ``("deal 2", "donne 2")``."""

_RECORD: Where = ("record", "enregistrement")
_MATCH: Where = ("match", "partie")
_DEAL: Where = ("deal", "donne")


def _error(where: Where, en: str, fr: str) -> RecordError:
    """``deal 2: en`` (in French ``donne 2 : fr``)."""
    return RecordError(f"{where[0]}: {en}", f"{where[1]} : {fr}")


def _because(where: Where, exc: Exception, field: str | None = None) -> RecordError:
    """``exc`` where it happened: a refusal in its two languages, another error as it says it;
    with ``field``, the field it was read from named first (``bad field dealer: '3' is not a
    seat``)."""
    en = str(exc)
    fr = exc.fr if isinstance(exc, Refusal) else en
    if field is not None:
        en, fr = f"bad field {field}: {en}", f"champ {field} incorrect : {fr}"
    return _error(where, en, fr)


def _text(value: object) -> str:
    """A field of a record as text for its parser (a seat, a card, a hand, an action): text as it
    is, any other JSON value as the file writes it, so that a refusal quotes ``null`` or ``true``,
    not Python's ``None`` or ``True``.

    >>> _text("AS"), _text(None), _text(7), _text(False)
    ('AS', 'null', '7', 'false')
    """
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _sides(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def deal_result(deal: AnyDeal) -> dict[str, Any] | None:
    """The result part of a deal record, or ``None`` while the deal is unfinished."""
    if not deal.is_over:
        return None
    if isinstance(deal, ColourDeal):
        ip = deal.in_play
        return {
            "contract": ip.contract.text if ip is not None else None,
            "declarers": [s.name for s in ip.declarers] if ip is not None else [],
            "trump": ip.trump.letter if ip is not None and deal.current_trump() is not None
            and ip.trump is not None else None,
            "needed": ip.needed if ip is not None else None,
            "tricks": {s.name: deal.tricks_won[s] for s in SEATS},
            "points": {s.name: p for s, p in deal.points().items()},
            "passed": deal.passed_out,
        }
    pts = deal.points()
    called = deal.called_side()
    return {
        "tricks": {s.name: deal.tricks_won[s] for s in SEATS},
        "honours": _sides((deal.side_honours(Side.NS), deal.side_honours(Side.EW))),
        "points": _sides(pts.total),
        "trick_points": _sides(pts.tricks),
        "honour_points": _sides(pts.honours),
        "game_winner": pts.game_winner.name if pts.game_winner is not None else None,
        "called": called.name if called is not None else None,
    }


def deal_record(deal: AnyDeal, players: Mapping[Seat, str] | None = None) -> dict[str, Any]:
    """The record of a deal (finished or not); with ``players``, who played each seat, as in
    :func:`match_record`."""
    out: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "rules": deal.rules.to_dict(),
        "dealer": deal.dealer.name,
    }
    if players is not None:
        out["players"] = {s.name: players[s] for s in SEATS}
    if isinstance(deal, ClassicDeal):
        out["start_score"] = _sides(deal.start_score)
    out["hands"] = {s.name: format_hand(deal.dealt[s]) for s in SEATS}
    if isinstance(deal, ColourDeal):
        out["deck"] = " ".join(CARDS[i].text for i in deal.deck)
        out["multiplier"] = deal.multiplier
    else:
        out["trump_card"] = deal.trump_card.text
    out["actions"] = [[s.name, a.text] for s, a in deal.actions]
    out["result"] = deal_result(deal)
    return out


def match_result(match: AnyMatch) -> dict[str, Any]:
    """The result part of a match record (so far, while the match goes on)."""
    if isinstance(match, ColourMatch):
        best = max(match.totals)
        leaders = [s.name for s in SEATS if match.totals[s] == best]
        return {
            "totals": {s.name: match.totals[s] for s in SEATS},
            "played": match.played,
            "redeals": sum(1 for d in match.deals if d.passed_out),
            "winner": leaders[0] if match.is_over and len(leaders) == 1 else None,
            "finished": match.is_over,
        }
    totals = match.totals()
    winner = None
    if match.is_over and totals[0] != totals[1]:
        winner = "NS" if totals[0] > totals[1] else "EW"
    return {
        "games": [
            {"rubber": g.rubber + 1, "winner": g.winner.name, "score": _sides(g.score),
             "game_points": g.game_points}
            for g in match.games
        ],
        "rubbers": [
            {"winner": r.winner.name, "games": _sides(r.games), "game_points": _sides(r.game_points),
             "rubber_points": _sides(r.rubber_points), "totals": _sides(r.totals)}
            for r in match.rubbers
        ],
        "score": _sides(match.score),
        "totals": _sides(totals),
        "winner": winner,
        "finished": match.is_over,
        "settlement": match.settlement(),
    }


def match_record(match: AnyMatch, players: Mapping[Seat, str] | None = None) -> dict[str, Any]:
    """The record of ``match``; with ``players``, who played each seat (a bot's name, ``human``),
    which a replay shows and otherwise ignores (:func:`record_players`)."""
    deals = [deal_record(d) for d in match.deals]
    if match.current is not None:
        deals.append(deal_record(match.current))
    out: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "first_dealer": match.first_dealer.name,
    }
    if players is not None:
        out["players"] = {s.name: players[s] for s in SEATS}
    out["deals"] = deals
    out["result"] = match_result(match)
    return out


def record_players(data: Mapping[str, Any]) -> dict[Seat, str] | None:
    r"""Who played each seat, as a match or deal record says (``players``: the four seats' names, N E S W),
    or ``None`` where it does not say; :class:`RecordError` naming the field where it is not that.
    Each name as the web app keeps a name (:func:`~whist.cards.visible_text`): a file written or
    changed elsewhere cannot move the terminal's cursor or change its colours when shown.

    >>> record_players({"players": {"N": "heuristic", "E": "pimc", "S": "human", "W": "pimc"}})[Seat.S]
    'human'
    >>> record_players({"players": {"N": "Anne\x1b[2J", "E": "Bert\n", "S": "C", "W": "D"}})[Seat.N]
    'Anne[2J'
    >>> record_players({}) is None
    True
    """
    if "players" not in data:
        return None
    where = _MATCH if data.get("format") == MATCH_FORMAT else _DEAL
    raw = data["players"]
    like = '{"N": "heuristic", "E": "pimc", "S": "human", "W": "pimc"}'
    if (not isinstance(raw, dict) or set(raw) != {s.name for s in SEATS}
            or not all(isinstance(v, str) and visible_text(v) for v in raw.values())):
        raise _error(where, f"bad field players: an object naming who played each of the four seats"
                     f" is expected, like {like}",
                     f"champ players incorrect : il faut un objet qui nomme qui a joué à chacune des"
                     f" quatre places, comme {like}")
    return {s: visible_text(raw[s.name]) for s in SEATS}


def write_new(path: Path, write: Callable[[], T]) -> T:
    """Claim the name ``path`` by creating it, empty and exclusively, then ``write()`` the file
    there: :class:`FileExistsError` if a file has that name already (another game's record, the
    sheet another scorer started first), even one made a moment ago by another process. If
    ``write`` fails, the name is given up again, unless the file was written whole meanwhile
    (Ctrl-C after the rename that writes it): nothing half-made is left, nothing whole is lost."""
    path.open("x").close()
    try:
        return write()
    except BaseException:
        with suppress(OSError):
            if not path.stat().st_size:
                path.unlink()
        raise


def save(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write a record as JSON (to a temporary file first, so a failure never leaves half a file,
    and removed if the writing fails: a full disk leaves nothing behind)."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    text = json.dumps(record, indent=1, ensure_ascii=False) + "\n"
    try:
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return p


def save_new(rec: Mapping[str, Any], directory: Path, base: str) -> Path:
    """Save the record ``rec`` as ``directory/base.json``, or ``base-2.json``, ``base-3.json`` …
    if that is taken: a record already saved is never overwritten, and two games or simulations
    saving at once under one name (the same seed in the same second) each get a file of their
    own, as each name is claimed (created, exclusively) before it is written; its path."""
    n = 1
    while True:
        path = directory / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        try:
            return write_new(path, lambda: save(rec, path))  # noqa: B023 - called at once
        except FileExistsError:
            n += 1


def load(path: str | Path) -> dict[str, Any]:
    try:
        what = "a whist record", "un enregistrement de whist"
        text = read_at_most(path, what, RecordError).decode("utf-8-sig")  # a BOM, as some editors write
        if not text.strip():
            raise RecordError(f"{path} is empty: it holds no record",
                              f"{path} est vide : il ne contient aucun enregistrement")
        data = read_json(text)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {os_reason(exc)}",
                          f"impossible de lire {path} : {os_reason(exc, 'fr')}") from None
    except RecordError:
        raise
    except (Refusal, UnicodeDecodeError) as exc:  # not JSON (read_json says why), or not UTF-8
        why = (exc.en, exc.fr) if isinstance(exc, Refusal) else \
            ("it is not UTF-8 text", "ce n'est pas du texte UTF-8")
        raise RecordError(f"{path} is not a JSON record: {why[0]}",
                          f"{path} n'est pas un enregistrement JSON : {why[1]}") from None
    if isinstance(data, dict) and data.get("format") in (SHEET_FORMAT, CLASSIC_SHEET_FORMAT):
        raise RecordError(f"{path} is a score sheet, not a record of a game: show it with"
                          f" whist sheet show --file {path}",
                          f"{path} est une feuille de marque, pas l'enregistrement d'une partie :"
                          f" affichez-la avec whist sheet show --file {path}")
    if not isinstance(data, dict) or data.get("format") not in (DEAL_FORMAT, MATCH_FORMAT):
        formats = f"{DEAL_FORMAT} or {MATCH_FORMAT}"
        raise RecordError(f"{path} is not a whist record (format {formats})",
                          f"{path} n'est pas un enregistrement de whist (format"
                          f" {formats.replace(' or ', ' ou ')})")
    return data


def _field(data: Mapping[str, Any], key: str, where: Where) -> Any:
    if key not in data:
        raise _missing(where, key)
    return data[key]


def _missing(where: Where, key: str) -> RecordError:
    return _error(where, f"missing field {key!r}", f"champ {key!r} manquant")




def _rules(data: Mapping[str, Any]) -> Rules:
    raw = _field(data, "rules", _RECORD)
    if not isinstance(raw, dict):
        raise _error(_RECORD, "field 'rules' must be an object", "le champ 'rules' doit être un objet")
    try:
        return Rules.from_dict(raw)
    except RulesError as exc:
        raise _because(("record: rules", "enregistrement : règles"), exc) from None


Difference = tuple[str, Literal["stored", "actual"] | None]
"""Where a stored field first differs from the replayed game's (``result.points.N``), and which of
the two lacks it, if one does (``rules.honours`` left out of a record's rules is missing there,
not different)."""


def _first_difference(stored: Any, actual: Any, path: str) -> Difference | None:
    if isinstance(stored, dict) and isinstance(actual, dict):
        for k in list(actual) + [k for k in stored if k not in actual]:
            if k not in stored:
                return f"{path}.{k}", "stored"
            if k not in actual:
                return f"{path}.{k}", "actual"
            d = _first_difference(stored[k], actual[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(stored, list) and isinstance(actual, list):
        if len(stored) != len(actual):
            return path, None
        for i, (a, b) in enumerate(zip(stored, actual, strict=True)):
            d = _first_difference(a, b, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if stored == actual else (path, None)


class Decision(NamedTuple):
    """One action of a recorded deal, as :func:`decisions` gives it: the ``state`` before it
    (``state.view(seat)`` is all the seat knew when it chose), the ``seat`` that took it, the
    ``action`` (the engine's own object, one of ``state.legal_actions()``) and the state ``after``."""

    state: AnyDeal
    seat: Seat
    action: Action | ColourAction
    after: AnyDeal


def _steps(deal: AnyDeal, data: Mapping[str, Any], where: Where) -> Iterator[Decision]:
    """The record's actions applied in turn from ``deal``, each checked as the engine checks it."""
    actions = _field(data, "actions", where)
    if not isinstance(actions, list):
        raise _error(where, "field 'actions' must be a list", "le champ 'actions' doit être une liste")
    for i, item in enumerate(actions, 1):
        said = json.dumps(item, ensure_ascii=False)  # as the file writes it, ["S", "XX"]
        at = (f"{where[0]}, action {i} ({said})", f"{where[1]}, action {i} ({said})")
        if not isinstance(item, list) or len(item) != 2:
            raise _error(at, 'an action is a pair [seat, action], like ["S", "8S"]',
                         'une action est une paire [place, action], comme ["S", "8S"]')
        seat_txt, text = item
        try:
            seat = parse_seat(_text(seat_txt))
            after = deal.apply(_text(text), seat)
        except (TypeError, ValueError) as exc:
            raise _because(at, exc) from None
        yield Decision(deal, seat, after.actions[-1][1], after)
        deal = after


def _replay_actions(deal: AnyDeal, data: Mapping[str, Any], where: Where) -> AnyDeal:
    for step in _steps(deal, data, where):
        deal = step.after
    return deal


def _check_deal(data: Mapping[str, Any], deal: AnyDeal, where: Where) -> None:
    """Every stored field but the actions (replayed already) must be the replayed deal's."""
    actual = deal_record(deal)
    stored_result = data.get("result")
    if not deal.is_over and stored_result is not None:
        who = deal.to_act.name_en if deal.to_act is not None else "nobody"
        who_fr = f"à {deal.to_act.name_fr} de jouer" if deal.to_act is not None else "personne à jouer"
        n = len(deal.actions)
        raise _error(where, f"the actions stop before the end of the deal (after {n} actions, {who}"
                     " to act), yet a result is stored: actions are missing",
                     f"les actions s'arrêtent avant la fin de la donne (après {n} actions, {who_fr}),"
                     " mais un résultat est enregistré : il manque des actions")
    if deal.is_over and "result" in data and stored_result is None:
        n = len(deal.actions)
        raise _error(where, f"the deal is over after its {n} actions, yet no result is stored",
                     f"la donne est finie après ses {n} actions, mais aucun résultat n'est enregistré")
    for key in actual:
        if key == "actions":
            continue
        if key not in data:
            raise _missing(where, key)
        stored = data[key]
        if stored is None and actual[key] is None:
            continue
        diff = _first_difference(stored, actual[key], key) if stored is not None else (key, None)
        if diff is not None and diff[1] == "stored":
            raise _missing(where, diff[0])
        if diff is not None:
            what = ("deal", "de la donne rejouée") if key == "result" else \
                ("one", "de celui de la donne rejouée")
            raise _differs(where, diff[0], what)


def _differs(where: Where, diff: str, than: tuple[str, str]) -> RecordError:
    """``stored result.points.N differs from the replayed deal``, ``than`` the end of it in English
    and French (``de la donne rejouée``)."""
    return _error(where, f"stored {diff} differs from the replayed {than[0]}",
                  f"le champ enregistré {diff} diffère {than[1]}")


def _hands(data: Mapping[str, Any], where: Where) -> tuple[Seat, tuple[int, int, int, int]]:
    hands_raw = _field(data, "hands", where)
    if not isinstance(hands_raw, dict):
        like = '{"N": "AK32.AKQ.5432.32", "E": …}'
        raise _error(where, f"bad field hands: an object of four hands is expected, like {like}",
                     f"champ hands incorrect : il faut un objet de quatre mains, comme {like}")
    missing = ", ".join(s.name for s in SEATS if s.name not in hands_raw)
    if missing:
        raise _error(where, f"bad field hands: no hand for {missing}",
                     f"champ hands incorrect : pas de main pour {missing}")
    field = "dealer"
    try:
        dealer = parse_seat(_text(_field(data, "dealer", where)))
        hands = []
        for s in SEATS:
            field = f"hands.{s.name}"
            hands.append(parse_hand(_text(hands_raw[s.name])))
    except ParseError as exc:
        raise _because(where, exc, field) from None
    return dealer, (hands[0], hands[1], hands[2], hands[3])


def _turned(data: Mapping[str, Any], where: Where) -> Card:
    try:
        return parse_card(_text(_field(data, "trump_card", where)))
    except ParseError as exc:
        raise _because(where, exc, "trump_card") from None


def _deck(data: Mapping[str, Any], where: Where) -> list[int] | None:
    if "deck" not in data:
        return None
    try:
        return [parse_card(w).index for w in _text(data["deck"]).split()]
    except ParseError as exc:
        raise _because((f"{where[0]}: deck", f"{where[1]} : deck"), exc) from None


_GAME_FIELDS = {"classic": "trump_card", "couleur": "deck"}
_GAME_NAMES = {"classic": ("classic whist", "whist classique"),
               "couleur": ("colour whist", "whist à la couleur")}


def _check_game(rules: Rules, data: Mapping[str, Any], where: Where) -> None:
    """Refuse a deal of one game stored under the other game's rules, naming both (it would
    otherwise fail on a missing field or an illegal first action)."""
    for game, field in _GAME_FIELDS.items():
        if game != rules.game and field in data and _GAME_FIELDS[rules.game] not in data:
            (this, this_fr), (rules_game, rules_game_fr) = _GAME_NAMES[game], _GAME_NAMES[rules.game]
            raise _error(
                where, f"a deal of {this} (it has a field {field!r}), but the rules are those of"
                f" {rules_game} (preset {rules.preset}): a record of the other game, or rules changed"
                " by hand",
                f"une donne de {this_fr} (elle a un champ « {field} »), mais les règles sont celles du"
                f" {rules_game_fr} (préréglage {rules.preset}) : un enregistrement de l'autre jeu, ou"
                " des règles changées à la main")


def _whole(value: object, field: str, where: Where) -> int:
    """``value``, stored in ``field``, if it is a whole number; else the refusal that says so."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    stored = json.dumps(value, ensure_ascii=False)  # as the record writes it
    raise _error(where, f"bad field {field}: a whole number is expected, not {stored}",
                 f"champ {field} incorrect : il faut un nombre entier, pas {stored}")


def _start_score(data: Mapping[str, Any], where: Where, rules: Rules) -> tuple[int, int]:
    """The game score (NS, EW) a classic deal record starts from: its field start_score, 0-0
    without it; each side's from 0 to one less than a game (a game won ends the deal's game)."""
    raw = data.get("start_score", {"NS": 0, "EW": 0})
    like = '{"NS": 0, "EW": 0}'
    if not isinstance(raw, dict):
        raise _error(where, "bad field start_score: an object of the two sides' scores is expected,"
                     f" like {like}",
                     "champ start_score incorrect : il faut un objet des points des deux camps,"
                     f" comme {like}")
    missing = " and ".join(side for side in ("NS", "EW") if side not in raw)
    if missing:
        raise _error(where, f"bad field start_score: no score for {missing}",
                     f"champ start_score incorrect : pas de points pour {missing.replace(' and ', ' et ')}")
    score = _whole(raw["NS"], "start_score.NS", where), _whole(raw["EW"], "start_score.EW", where)
    fault = start_score_fault(rules, score)
    if fault is not None:
        side, en, fr = fault
        raise _error(where, f"bad field start_score.{side}: {en}",
                     f"champ start_score.{side} incorrect : {fr}")
    return score


def _multiplier(data: Mapping[str, Any], where: Where) -> int:
    """What a colour deal record's points are multiplied by: its field multiplier, 1 without it;
    2 only after a deal all passed (RULES.md §5.8, option all_pass = redeal_double)."""
    mult = _whole(data.get("multiplier", 1), "multiplier", where)
    if mult not in (1, 2):
        raise _error(where, f"bad field multiplier: 1 or 2 is expected (2 after a deal all passed),"
                     f" not {mult}",
                     f"champ multiplier incorrect : il faut 1 ou 2 (2 après une donne où tous ont"
                     f" passé), pas {mult}")
    return mult


def _start_deal(rules: Rules, data: Mapping[str, Any], where: Where,
                start: tuple[int, int] | None = None, multiplier: int | None = None) -> AnyDeal:
    """The deal a record starts from, before its actions."""
    _check_game(rules, data, where)
    dealer, hands = _hands(data, where)
    try:
        if rules.game == "couleur":
            stored = _multiplier(data, where)  # (in a match, checked before it is compared)
            mult = multiplier if multiplier is not None else stored
            deck = _deck(data, where)
            if deck is None:
                return ColourDeal.new(rules, dealer, hands, mult)
            dealt = ColourDeal.from_deck(rules, dealer, deck, mult)
            if tuple(dealt.dealt) != hands:  # (else the first card not held was blamed, far on)
                raise _error(where, "stored hands differ from those the stored deck deals: one of the"
                             " two was changed",
                             "les mains enregistrées diffèrent de celles que donne le paquet"
                             " enregistré : l'un des deux a été changé")
            return dealt
        stated = _start_score(data, where, rules)  # (in a match, checked before it is compared)
        return ClassicDeal.new(rules, dealer, hands, _turned(data, where), stated if start is None else start)
    except RecordError:
        raise  # it names where already
    except (IllegalAction, KeyError, TypeError, ValueError) as exc:
        raise _because(where, exc) from None


def replay_deal(data: Mapping[str, Any]) -> AnyDeal:
    """Re-play a deal record; the replayed deal, or :class:`RecordError`."""
    record_players(data)
    deal = _replay_actions(start_deal(data), data, _DEAL)
    _check_deal(data, deal, _DEAL)
    return deal


def start_deal(data: Mapping[str, Any]) -> AnyDeal:
    """The deal a deal record starts from, before its first action (the hands as dealt, the
    dealer, the turned card or the deck; its fields checked as :func:`replay_deal` checks them)."""
    return _start_deal(_rules(data), data, _DEAL)


def decisions(data: Mapping[str, Any]) -> Iterator[Decision]:
    """Each action of a deal record in turn, with the state before it and the seat that took it
    (:class:`Decision`): what a learner needs, ``(step.state.view(step.seat), step.action)``.
    A match record's deals are deal records: ``decisions(d) for d in record["deals"]``. A record
    that does not replay raises :class:`RecordError` where it stops replaying, and one whose
    stored result differs from the replayed deal's once its last action is given."""
    deal = start_deal(data)
    for step in _steps(deal, data, _DEAL):
        deal = step.after
        yield step
    _check_deal(data, deal, _DEAL)


def _check_gathered(match: ColourMatch, deal: AnyDeal, where: Where) -> None:
    """With option ``shuffle`` off, every deal after the first is dealt from the last deal's cards
    gathered in order and cut once (RULES.md §5.1, D22): the deck stored must be such a cut."""
    if isinstance(deal, ColourDeal) and not match.may_deal(deal.deck):
        raise _error(where, "stored deck is not the last deal's cards gathered and cut once (option"
                     " shuffle is off: RULES.md §5.1)",
                     "le paquet enregistré n'est pas celui de la donne précédente ramassé et coupé une"
                     " fois (l'option shuffle est désactivée : RULES.md §5.1)")


def replay_match(data: Mapping[str, Any]) -> AnyMatch:
    """Re-play a match record deal by deal; the replayed match, or :class:`RecordError`."""
    rules = _rules(data)
    record_players(data)
    try:
        first = parse_seat(_text(_field(data, "first_dealer", _MATCH)))
    except ParseError as exc:
        raise _because(_MATCH, exc, "first_dealer") from None
    match: AnyMatch = (ColourMatch(rules, first, first) if rules.game == "couleur"
                       else Match(rules, first, first))
    deals = _field(data, "deals", _MATCH)
    if not isinstance(deals, list):
        raise _error(_MATCH, "field 'deals' must be a list", "le champ 'deals' doit être une liste")
    for n, d in enumerate(deals, 1):
        where = (f"deal {n}", f"donne {n}")
        if not isinstance(d, dict):
            raise _error(where, "not an object", "ce n'est pas un objet")
        diff = _first_difference(_field(d, "rules", where), data["rules"], "rules")
        if diff is not None and diff[1] == "stored":
            raise _missing(where, diff[0])
        if diff is not None and diff[1] == "actual" and diff[0].removeprefix("rules.") in Rules.names():
            raise _missing(_MATCH, diff[0])  # the match's rules lack an option its deals' have
        if diff is not None:
            raise _error(where, f"stored {diff[0]} differs from the match's",
                         f"le champ enregistré {diff[0]} diffère de celui de la partie")
        if match.is_over:
            raise _error(where, "the match was already over", "la partie était déjà finie")
        dealer, _ = _hands(d, where)
        if dealer is not match.dealer:
            raise _error(where, f"stored dealer {dealer.name} differs (expected {match.dealer.name})",
                         f"le donneur enregistré {dealer.name} diffère (attendu : {match.dealer.name})")
        if isinstance(match, ColourMatch):
            deal = _start_deal(rules, d, where, multiplier=2 if match.double_next else 1)
            _check_gathered(match, deal, where)
        else:
            deal = _start_deal(rules, d, where, start=match.score)
        deal = _replay_actions(deal, d, where)
        _check_deal(d, deal, where)
        if not deal.is_over and n != len(deals):
            raise _error(where, "unfinished, but later deals follow",
                         "inachevée, mais d'autres donnes suivent")
        if isinstance(match, ColourMatch):
            assert isinstance(deal, ColourDeal)
            match = replace(match, current=deal).settle()
        else:
            assert isinstance(deal, ClassicDeal)
            match = replace(match, current=deal).settle()
    diff = _first_difference(_field(data, "result", _MATCH), match_result(match), "result")
    if diff is not None:
        raise _differs(_MATCH, diff[0], ("match", "de la partie rejouée"))
    return match


def replay(data: Mapping[str, Any]) -> AnyDeal | AnyMatch:
    """Re-play a deal or match record, by its ``format``."""
    fmt = data.get("format")
    # (format, the field it holds, the other format, the field that one holds)
    for said, own, other, field in ((DEAL_FORMAT, "actions", MATCH_FORMAT, "deals"),
                                    (MATCH_FORMAT, "deals", DEAL_FORMAT, "actions")):
        if fmt == said and field in data and own not in data:
            raise _error(_RECORD, f"its format says {said}, but it holds {field!r} as a record of"
                         f" format {other} does",
                         f"son format dit {said}, mais il contient {field!r} comme un enregistrement"
                         f" au format {other}")
    if fmt == DEAL_FORMAT:
        return replay_deal(data)
    if fmt == MATCH_FORMAT:
        return replay_match(data)
    raise RecordError(f"unknown record format {fmt!r}", f"format d'enregistrement « {fmt} » inconnu")
