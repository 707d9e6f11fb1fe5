"""The score sheets of physical tables in the web app (RULES.md §6): routes that start a sheet,
show it, add a deal or a penalty, take the last entry back, and give it as CSV or as the JSON file
``whist sheet`` keeps. docs/protocol.md describes them.

The server decides nothing of a sheet: every entry is read and scored by :mod:`whist.sheet_input`
(the very functions of ``whist sheet``) and refused in their words, English and French, which ask
for what is missing in the web's words (:data:`WEB`: the form's, and the API's fields) where the
terminal names its flags. Each sheet is one row of the server's storage holding its JSON, with a
version: an entry replaces the row only if nobody changed it since it was read (else it is read
again and the entry added to what is there now), so that two scorers, or two server processes on
PostgreSQL, never lose each other's entries. The server keeps at most ``max_sheets`` of them,
and deletes those nobody changed for ``keep_sheets`` days if the host says so (``whist serve
--keep-sheets``; by default it deletes none). A sheet's id is random and long: whoever has its
link may read and write it, as with a table's.

>>> from whist.server import create_app
>>> sorted(r.path for r in create_app("sqlite://").routes if r.path.startswith("/api/sheets"))[:2]
['/api/sheets', '/api/sheets/{sheet_id}']
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import secrets
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from whist.cards import Lang, Refusal, Side
from whist.classic_sheet import ClassicSheet
from whist.rules import changed_options
from whist.server.codec import contract_json, option_json
from whist.server.protocol import NOT_FOUND, error_response
from whist.server.storage import SheetLimit, Storage, StorageConflict, StorageUnavailable, StoredSheet
from whist.sheet_input import (
    AnySheet,
    add_deal,
    add_penalty,
    dumps,
    new_sheet,
    read_sheet,
    sheet_rules,
    undo,
)
from whist.wording import Wording

__all__ = ["DAY", "FORGET_EVERY", "MAX_ENTRIES", "MAX_SHEETS", "PAGE", "WEB", "forget_forever",
           "forget_sheets", "sheet_json", "sheet_routes",
           "stored_sheet"]

log = logging.getLogger("whist.server")

MAX_ENTRIES = 500
"""Most entries a sheet takes (a club's evening is a few dozen deals): each entry reads and scores
the whole sheet again."""
MAX_SHEETS = 10_000
"""How many sheets the server keeps, by default (``whist serve --max-sheets``): a new one is
refused beyond, so that nobody fills the database by starting sheets."""
DAY = 86_400.0
"""Seconds in a day, the unit of ``whist serve --keep-sheets``."""
FORGET_EVERY = 3600.0
"""Seconds between two deletions of the sheets unchanged for ``--keep-sheets`` days (the first
as the server starts): a sheet goes at most this long after its days are up, or at once when a
new sheet would be refused for want of room."""
TRIES = 12
"""How many times an entry is tried on a sheet that other requests keep changing meanwhile, each
try after a pause of up to twice the last (:func:`_pause`): twenty phones adding to one sheet at
once, on several processes, all get their entries in (five tries without a pause left 13 of them
with "try again")."""


def _pause(attempt: int) -> float:
    """Seconds to wait before try ``attempt + 1`` of an entry (:data:`TRIES`): random, up to 5 ms
    doubled at each try and at most 0.4 s, so that the requests that met on a sheet spread out."""
    return random.uniform(0.0, min(0.005 * 2 ** attempt, 0.4))
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

WEB = Wording(
    en={"queens_taken": "“Queens taken”, or queens: N=2,E=1,S=1",
        "offender": "declarers: W (or the form “Referee's penalty (−15) to”)",
        "penalty": "“Referee's penalty (−15) to”, or seat: W",
        "declarers": "“Declarers” (declarers)", "trump": "“Trump” (trump)",
        "needed": "“Tricks needed” (needed)", "queens": "“Queens taken” (queens)",
        "double": "“The deal counts double” (double)",
        "declarers_eg": "ticking them under “Declarers” (or declarers: N+E)",
        "tricks_eg": "“Declarers' tricks” (“Tricks” for one misère declarer), or tricks: 8",
        "each_tricks_eg": "each in the field “…'s tricks” (or tricks: N=0,E=1)",
        "tricks_number": "write a number (8) or seat=tricks (N=0,E=1)",
        "colour_deal": "“Contract”, “Declarers” and “Declarers' tricks”, or contract: solo 7, declarers: N,"
                       " tricks: 8",
        "classic_deal": "“Side”, “Tricks” and “Honours”, or tricks: NS=8, honours: EW=4",
        "side_tricks": "“Tricks”, or tricks: NS=8",
        "call": "the “Call at eight” buttons, or contract: call NS",
        "no_option": "no options",
        "new_sheet": "in the lobby, under “Score sheet”",
        "choose_preset": "the JSON's field preset, \"preset\": \"short\"; in the lobby, the “Game” list",
        "option_list": "GET /api/presets lists them, with the presets whose game each one changes; in the"
                       " lobby, the folded “Rule options”",
        "on_off": "true or false"},
    fr={"queens_taken": "« Dames prises », ou queens : N=2,E=1,S=1",
        "offender": "declarers : O (ou le formulaire « Pénalité de l'arbitre (−15) à »)",
        "penalty": "« Pénalité de l'arbitre (−15) à », ou seat : O",
        "declarers": "« Preneurs » (declarers)", "trump": "« Atout » (trump)",
        "needed": "« Plis demandés » (needed)", "queens": "« Dames prises » (queens)",
        "double": "« La donne compte double » (double)",
        "declarers_eg": "en les cochant sous « Preneurs » (ou declarers : N+E)",
        "tricks_eg": "« Plis des preneurs » (« Plis » pour un seul preneur d'une misère), ou tricks : 8",
        "each_tricks_eg": "chacun dans le champ « Plis de … » (ou tricks : N=0,E=1)",
        "tricks_number": "tapez un nombre (8) ou place=plis (N=0,E=1)",
        "colour_deal": "« Contrat », « Preneurs » et « Plis des preneurs », ou contract : solo 7,"
                       " declarers : N, tricks : 8",
        "classic_deal": "« Camp », « Levées » et « Honneurs », ou tricks : NS=8, honours : EO=4",
        "side_tricks": "« Levées », ou tricks : NS=8",
        "call": "les boutons « Chant à huit », ou contract : call NS",
        "no_option": "pas d'options",
        "new_sheet": "à l'accueil, sous « Feuille de marque »",
        "choose_preset": "le champ preset du JSON, \"preset\": \"short\" ; à l'accueil, la liste « Jeu »",
        "option_list": "GET /api/presets les liste, avec les préréglages dont chacune change le jeu ; à"
                       " l'accueil, la section repliée « Options des règles »",
        "on_off": "true ou false"})
"""What the web app asks for: the words of its forms (web/i18n.js: a sheet's, the lobby's for a
new table or sheet), and the fields of the API's JSON for a program that sends them. The tables'
API (:mod:`whist.server.service`) checks its rule options in these words too."""

_FORM: dict[str, tuple[str, str]] = {
    "queens_taken": ("“Queens taken”", "« Dames prises »"),
    "offender": ("the form “Referee's penalty (−15) to”", "le formulaire « Pénalité de l'arbitre (−15) à »"),
    "penalty": ("“Referee's penalty (−15) to”", "« Pénalité de l'arbitre (−15) à »"),
    "declarers": ("“Declarers”", "« Preneurs »"), "trump": ("“Trump”", "« Atout »"),
    "needed": ("“Tricks needed”", "« Plis demandés »"), "queens": ("“Queens taken”", "« Dames prises »"),
    "double": ("“The deal counts double”", "« La donne compte double »"),
    "declarers_eg": ("ticking them under “Declarers”", "en les cochant sous « Preneurs »"),
    "tricks_eg": ("“Declarers' tricks” (“Tricks” for one misère declarer)",
                  "« Plis des preneurs » (« Plis » pour un seul preneur d'une misère)"),
    "each_tricks_eg": ("each in the field “…'s tricks”", "chacun dans le champ « Plis de … »"),
    "tricks_number": ("write a whole number", "tapez un nombre entier"),
    "colour_deal": ("“Contract”, “Declarers” and “Declarers' tricks”",
                    "« Contrat », « Preneurs » et « Plis des preneurs »"),
    "classic_deal": ("“Side”, “Tricks” and “Honours”", "« Camp », « Levées » et « Honneurs »"),
    "side_tricks": ("“Tricks”", "« Levées »"),
    "call": ("the “Call at eight” buttons", "les boutons « Chant à huit »"),
}
PAGE = Wording(en={**WEB.en, **{name: en for name, (en, _) in _FORM.items()}},
               fr={**WEB.fr, **{name: fr for name, (_, fr) in _FORM.items()}})
"""What the sheet's page asks for, an entry or a penalty sent with ``page``: the words of its form
alone, where :data:`WEB` names the API's fields too, which the page's form cannot take (« ou
declarers : N+E » under boxes to tick, « N=0,E=1 » for a number box)."""

Name = Annotated[str, Field(max_length=80)]
Words = Annotated[str, Field(max_length=80)]
Option = bool | int | float | Annotated[str, Field(max_length=40)]


class CreateSheet(BaseModel):
    """``POST /api/sheets``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    preset: str = Field("couleur", max_length=32)
    names: dict[str, Name] = Field(default_factory=dict, max_length=4)
    lang: Literal["en", "fr"] = "en"
    options: dict[str, Option] = Field(default_factory=dict, max_length=40)
    """Rule options of a classic-whist sheet (``{"stake": 0.5}``), as a table takes them; a
    colour-whist sheet takes none (its points are the preset's table)."""


class AddEntry(BaseModel):
    """``POST /api/sheets/{id}/entries``: the fields of ``whist sheet add``; ``lang`` the language
    the words are read in (the sheet's own if not given)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    contract: Words = ""
    declarers: Words = ""
    tricks: Words = ""
    honours: Words | None = None
    trump: Words | None = None
    needed: int | None = None
    queens: Words = ""
    double: bool = False
    lang: Literal["en", "fr"] | None = None
    page: bool = False
    """Sent by the sheet's page: a refusal names its form's fields alone (:data:`PAGE`)."""


class Penalty(BaseModel):
    """``POST /api/sheets/{id}/penalty``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: Words
    page: bool = False


def _pair(pair: tuple[int, int]) -> dict[str, int]:
    return {side.name: pair[side] for side in Side}


def sheet_json(sheet_id: str, stored: StoredSheet, sheet: AnySheet,
               keep_days: int | None = None) -> dict[str, Any]:
    """What ``GET /api/sheets/{id}`` gives of the ``stored`` sheet, read as ``sheet``: its version
    and when it was created and last changed (Unix time), the days after which the server deletes
    it if nobody changes it (``keep_days``, ``whist serve --keep-sheets``; ``None``: it deletes
    none), the sheet as its file holds it
    (``sheet``: each entry with its points and running totals, or a classic sheet's scores, games,
    rubbers and settlement); for colour whist the ``contracts`` it takes (a scorer's list to
    choose from), for classic whist the game score and games of the rubber in play. (Reading and
    scoring a sheet of many entries takes a while: the routes call it off the event loop.)"""
    out: dict[str, Any] = {"id": sheet_id, "url": f"/s/{sheet_id}", "version": stored.version,
                           "created_at": stored.created_at, "changed_at": stored.changed_at,
                           "keep_days": keep_days,
                           "game": "classic" if isinstance(sheet, ClassicSheet) else "couleur",
                           "sheet": sheet.to_json()}
    if isinstance(sheet, ClassicSheet):
        out["score"] = _pair(sheet.score())
        out["games_in_rubber"] = _pair(sheet.games_in_rubber())
        # the table's conventions, as the sheet was started with them (its preset's others)
        out["options"] = [{**option_json(n), "value": getattr(sheet.rules, n)}
                          for n in changed_options(sheet.rules)]
    else:
        out["contracts"] = [{**contract_json(c), "suited": c.info.suited} for c in sheet.contracts()]
    return out


def _changed(text: str, how: Callable[[AnySheet], AnySheet]) -> tuple[AnySheet, str]:
    """The sheet of the JSON ``text`` changed by ``how``, and its new JSON; a
    :class:`~whist.cards.Refusal` if ``how`` refuses, or the sheet would be too long."""
    sheet = how(read_sheet(text))
    if len(sheet.entries) > MAX_ENTRIES:
        raise Refusal(f"a sheet takes at most {MAX_ENTRIES} entries: start another one",
                      f"une feuille prend au plus {MAX_ENTRIES} entrées : commencez-en une autre")
    return sheet, dumps(sheet)


def _shown(sheet_id: str, stored: StoredSheet, keep_days: int | None) -> dict[str, Any]:
    return sheet_json(sheet_id, stored, read_sheet(stored.data), keep_days)


def _refused(exc: Refusal, code: str = "bad_entry") -> Response:
    return error_response(400, code, exc.en, exc.fr)


def _no_sheet(sheet_id: str) -> Response:
    """No sheet of this id: never one, or one deleted by ``--keep-sheets`` (even as a change was
    made to it: the change is then not stored)."""
    return error_response(404, NOT_FOUND, f"no sheet {sheet_id!r}",
                          message_fr=f"pas de feuille de marque « {sheet_id} »")


def _days(n: int) -> tuple[str, str]:
    """``n`` days in English and French: ``1 day``, ``30 days``; ``1 jour``, ``30 jours``."""
    return (f"{n} day", f"{n} jour") if n == 1 else (f"{n} days", f"{n} jours")


def _within(seconds: float) -> tuple[str, str]:
    """A wait in English and French, rounded up to whole minutes under an hour, to whole hours
    under two days, else to whole days.

    >>> _within(30), _within(3600 * 5.5), _within(DAY * 2.1)
    (('1 minute', '1 minute'), ('6 hours', '6 heures'), ('3 days', '3 jours'))
    """
    if seconds <= 3600:
        n = max(1, math.ceil(seconds / 60))
        return (f"{n} minute", f"{n} minute") if n == 1 else (f"{n} minutes", f"{n} minutes")
    if seconds <= 2 * DAY:
        n = math.ceil(seconds / 3600)
        return f"{n} hours", f"{n} heures"
    return _days(math.ceil(seconds / DAY))


def _full(limit: SheetLimit, keep: int | None, now: float) -> Response:
    """The refusal of a new sheet past the most. A server that deletes the sheets unchanged for
    ``keep`` days says within how long it has room again: once the days of the sheet unchanged the
    longest are up, the next sheet started makes its room at once. One that deletes none says whom
    to ask."""
    most = limit.most
    en = f"this server keeps as many score sheets as it allows ({most})"
    fr = f"ce serveur garde déjà autant de feuilles de marque qu'il en accepte ({most})"
    if keep is None or limit.oldest is None:
        en += "; ask the people who run it to make room"
        fr += " : demandez à ceux qui le font tourner de faire de la place"
    else:
        kept, wait = _days(keep), _within(limit.oldest + keep * DAY - now)
        en += (f" and deletes those unchanged for {kept[0]}: there is room again within {wait[0]},"
               " when the sheet unchanged the longest is deleted")
        fr += (f" et efface celles qui n'ont pas changé depuis {kept[1]} : il y aura de nouveau de la"
               f" place d'ici {wait[1]}, quand la feuille inchangée depuis le plus longtemps sera"
               " effacée")
    return error_response(429, "too_many_sheets", en, fr)


async def forget_sheets(store: Storage, keep: int) -> int:
    """Delete the sheets nobody changed for ``keep`` days, saying so in the log; how many."""
    gone = await store.threads.run_whole(store.delete_sheets, time.time() - keep * DAY)
    if gone:  # the operator sees what the server deleted, and when
        log.warning("deleted %d score sheet(s) nobody changed for %d days (--keep-sheets)", gone,
                    keep)
    return gone


async def forget_forever(store: Storage, keep: int) -> None:
    """Delete the sheets unchanged for ``keep`` days now, then every :data:`FORGET_EVERY` seconds
    (every server process on the database does so; what one deletes, the others find gone)."""
    while True:
        try:
            await forget_sheets(store, keep)
        except StorageUnavailable as exc:  # the next round tries again
            log.warning("the score sheets past --keep-sheets %d cannot be deleted: the database cannot be"
                        " reached: %s", keep, exc.reason)
        except Exception:
            log.exception("deleting the score sheets past --keep-sheets %d failed", keep)
        await asyncio.sleep(FORGET_EVERY)


async def stored_sheet(store: Storage, sheet_id: str) -> StoredSheet | None:
    """The sheet ``sheet_id`` as ``store`` holds it; ``None`` if there is none (an id of a shape
    the server never gives is not looked for); :class:`StorageUnavailable` if the database cannot
    say."""
    if not 0 < len(sheet_id) <= 32 or not _ID_CHARS.issuperset(sheet_id):
        return None
    return await store.threads.run(store.sheet, sheet_id)


def sheet_routes(app: FastAPI, store: Storage, max_sheets: int = MAX_SHEETS,
                 keep_sheets: int | None = None) -> None:
    """Add the sheets' routes to ``app``, the sheets kept in ``store`` (the page of a sheet,
    ``/s/{id}``, is the app's page); a new sheet is refused (429 ``too_many_sheets``) once the
    database holds ``max_sheets`` (``app.state.max_sheets``, read at each), unless a sheet
    unchanged for ``keep_sheets`` days (``app.state.keep_sheets``; ``None``: none is deleted) is
    there to delete first."""
    app.state.max_sheets = max_sheets
    app.state.keep_sheets = keep_sheets

    async def change(sheet_id: str, how: Callable[[AnySheet], AnySheet]) -> dict[str, Any] | Response:
        """The sheet changed by ``how`` and saved; a 400 with the sheet's refusal, and the stored
        sheet untouched, if ``how`` refuses."""
        for attempt in range(TRIES):
            if attempt:
                await asyncio.sleep(_pause(attempt))
            found = await stored_sheet(store, sheet_id)
            if found is None:
                return _no_sheet(sheet_id)
            try:
                sheet, data = await asyncio.to_thread(_changed, found.data, how)
            except Refusal as exc:
                return _refused(exc)
            now = time.time()
            if await store.threads.run_whole(store.save_sheet, sheet_id, found.version, data, now):
                saved = StoredSheet(found.version + 1, data, found.created_at, now)
                return await asyncio.to_thread(sheet_json, sheet_id, saved, sheet, app.state.keep_sheets)
        return error_response(409, "conflict", "the sheet keeps changing in other requests; try again",
                              "la feuille change sans cesse par d'autres requêtes : réessayez")

    @app.post("/api/sheets", status_code=201, response_model=None)
    async def create_sheet(body: CreateSheet) -> dict[str, Any] | Response:
        try:
            sheet = new_sheet(sheet_rules(body.preset, body.options, WEB), body.names, body.lang)
        except Refusal as exc:
            return _refused(exc, "bad_sheet")
        data, forgot = dumps(sheet), False
        for _ in range(TRIES):  # 128 random bits: a second try is for form's sake
            sheet_id, now = secrets.token_urlsafe(16), time.time()
            most: int = app.state.max_sheets
            keep: int | None = app.state.keep_sheets
            try:
                await store.threads.run_whole(store.create_sheet, sheet_id, data, most, now)
            except StorageConflict:
                continue
            except SheetLimit as full:
                # a sheet whose days are up and that the hourly deletion has not reached yet
                # makes room now, rather than the scorer waiting for it
                if (keep is not None and not forgot and full.oldest is not None
                        and full.oldest < now - keep * DAY):
                    forgot = True
                    await forget_sheets(store, keep)
                    continue
                return _full(full, keep, now)
            return sheet_json(sheet_id, StoredSheet(0, data, now, now), sheet, keep)
        return error_response(409, "conflict", "no free id for the sheet; try again",
                              "pas d'identifiant libre pour la feuille : réessayez")

    @app.get("/api/sheets/{sheet_id}", response_model=None)
    async def get_sheet(sheet_id: str) -> dict[str, Any] | Response:
        found = await stored_sheet(store, sheet_id)
        if found is None:
            return _no_sheet(sheet_id)
        return await asyncio.to_thread(_shown, sheet_id, found, app.state.keep_sheets)

    @app.post("/api/sheets/{sheet_id}/entries", response_model=None)
    async def add_entry(sheet_id: str, body: AddEntry) -> dict[str, Any] | Response:
        def add(sheet: AnySheet) -> AnySheet:
            lang: Lang = body.lang or sheet.lang
            return add_deal(sheet, body.contract, body.declarers, body.tricks, body.honours, body.trump,
                            body.needed, body.queens, body.double, lang, PAGE if body.page else WEB)
        return await change(sheet_id, add)

    @app.post("/api/sheets/{sheet_id}/penalty", response_model=None)
    async def penalty(sheet_id: str, body: Penalty) -> dict[str, Any] | Response:
        return await change(sheet_id, lambda sheet: add_penalty(sheet, body.seat, PAGE if body.page else WEB))

    @app.post("/api/sheets/{sheet_id}/undo", response_model=None)
    async def undo_last(sheet_id: str) -> dict[str, Any] | Response:
        return await change(sheet_id, undo)

    @app.get("/api/sheets/{sheet_id}/csv", response_model=None)
    async def sheet_csv(sheet_id: str, separator: Literal[",", ";"] = ",") -> Response:
        """The sheet as CSV, as ``whist sheet export --csv`` writes it: a byte order mark first,
        so that a spreadsheet reads its accents as UTF-8; ``separator`` ``;`` for a spreadsheet
        set to French."""
        found = await stored_sheet(store, sheet_id)
        if found is None:
            return _no_sheet(sheet_id)
        text = "\ufeff" + await asyncio.to_thread(lambda: read_sheet(found.data).to_csv(separator))
        return Response(text, media_type="text/csv; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="whist-sheet-{sheet_id}.csv"'})

    @app.get("/api/sheets/{sheet_id}/json", response_model=None)
    async def sheet_file(sheet_id: str) -> Response:
        """The sheet's JSON file, as ``whist sheet`` keeps it (``whist sheet show --file`` opens
        it)."""
        found = await stored_sheet(store, sheet_id)
        if found is None:
            return _no_sheet(sheet_id)
        return Response(found.data, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="whist-sheet-{sheet_id}.json"'})
