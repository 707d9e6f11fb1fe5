"""The web app: HTTP routes to create, list, join and look back at tables, one WebSocket per seat
or spectator, and the page (``whist/web``). docs/protocol.md describes every route and message.

>>> app = create_app("sqlite://")
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables/{table_id}"))[:3]
['/api/tables/{table_id}', '/api/tables/{table_id}/again', '/api/tables/{table_id}/deals']
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from whist import record
from whist.cards import JSON_ERRORS, Refusal, Seat, parse_seat, quoted_fr
from whist.render import number
from whist.rules import LARGEST, PRESETS, Rules, applies
from whist.server.bots import available_bots, strongest_bot
from whist.server.codec import option_json, view_json
from whist.server.protocol import NOT_FOUND, CommandError, error_json
from whist.server.protocol import error_response as _error
from whist.server.service import MAX_TABLES, SpecError, TableLimit, TableService, TableSpec, clean_name
from whist.server.sheets import MAX_SHEETS, forget_forever, sheet_routes, stored_sheet
from whist.server.state import NameTaken
from whist.server.storage import Storage, StorageConflict, StorageUnavailable, open_storage
from whist.server.table import Connection, Table
from whist.server.threads import reap

__all__ = ["DEFAULT_DB", "MAX_BODY", "WEB_DIR", "create_app"]

DEFAULT_DB = "sqlite:///whist.db"
WEB_DIR = Path(__file__).resolve().parent.parent / "web"
TRY_AGAIN_LATER = 1013
"""The WebSocket close code when the database cannot be reached: the page connects again."""
MAX_BODY = 64 * 1024
"""Longest request body read, in bytes: a longer one is refused (413) before it is all in memory."""


class _BodyLimit:
    """Refuses a request body longer than :data:`MAX_BODY` as it comes in, whether it says its
    length or is sent in chunks."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise StarletteHTTPException(413, f"a request body is at most {MAX_BODY} bytes")
            return message

        await self.app(scope, limited, send)


class CreateTable(BaseModel):
    """``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    preset: str = "couleur"
    options: dict[str, str | int | float | bool] = Field(default_factory=dict)
    seats: dict[str, str] = Field(default_factory=dict)
    name: str = Field("", max_length=80)
    named_for: str = Field("", max_length=80)
    # (NaN, which Python's JSON reads, is no time: said to be no finite number, not "at most 10")
    takeover_after: float = Field(60.0, ge=0, le=3600, allow_inf_nan=False)
    bot_delay: float = Field(0.8, ge=0, le=10, allow_inf_nan=False)
    deal_pause: float = Field(8.0, ge=0, le=600, allow_inf_nan=False)
    seed: int | None = Field(None, ge=0, lt=2**63)


class JoinTable(BaseModel):
    """``POST /api/tables/{id}/join``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=80)  # empty: 400 bad_join, as any name with nothing visible
    seat: str | None = None


def _bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header: ``None`` without the header,
    ``""`` for a header of another form (the token alone, another scheme, no token), which the
    route refuses rather than read as a spectator's."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _wants_page(request: Request) -> bool:
    """Whether a request is a browser's for a page (a link followed or typed): a GET outside the
    API and the page's own files, asking for HTML. The answer to such a request for a path that
    does not exist is the page, which says there is nothing there, rather than the API's JSON."""
    path = request.url.path
    return (request.method == "GET" and not path.startswith(("/api/", "/static/"))
            and "text/html" in request.headers.get("accept", ""))


def _option_list() -> list[dict[str, Any]]:
    out = []
    for f in fields(Rules):
        if f.name == "preset":
            continue
        default = getattr(Rules(), f.name)
        out.append({**option_json(f.name), "doc": Rules.doc(f.name), "doc_fr": Rules.doc(f.name, "fr"),
                    "type": type(default).__name__,
                    "presets": [name for name, rules in PRESETS.items() if applies(f.name, rules)],
                    **({"largest": LARGEST[f.name]} if f.name in LARGEST else {})})
    return out


def _no_table_words(table_id: str) -> tuple[str, str]:
    """That there is no table ``table_id``, in English and in French: an HTTP route's 404 and the
    WebSocket's ``not_found`` say it alike."""
    return f"no table {table_id!r}", f"pas de table {quoted_fr(table_id)}"


def _no_table(table_id: str) -> JSONResponse:
    return _error(404, NOT_FOUND, *_no_table_words(table_id))


def _no_deal(number: int) -> JSONResponse:
    return _error(404, NOT_FOUND, f"no finished deal {number} at this table",
                  f"pas de donne {number} finie à cette table")


def _hidden() -> JSONResponse:
    return _error(403, "hidden", "records show every hand: they are given once the game is over",
                  "les donnes complètes montrent toutes les mains : elles sont données une fois la"
                  " partie finie")


_HTTP_WORDS = {
    400: ("the body cannot be read: JSON in UTF-8 is expected (nested at most about 1,000 levels"
          " deep, its numbers of at most 4,300 digits)",
          "le corps de la requête est illisible : du JSON en UTF-8 est attendu (sur 1 000 niveaux"
          " d'imbrication au plus, ses nombres de 4 300 chiffres au plus)"),
    404: ("nothing at this address", "rien à cette adresse"),
    405: ("method {method} not allowed at this address", "méthode {method} non permise à cette adresse"),
    413: (None, f"le corps d'une requête fait au plus {MAX_BODY} octets"),
}
"""The words, in English (``None``: Starlette's own detail) and in French, of the refusals that
come from Starlette (a body it cannot read, a path that is no route or file, a wrong method) or
from :class:`_BodyLimit`, by status."""


def _http_words(request: Request, exc: StarletteHTTPException) -> tuple[str, str]:
    """An HTTP refusal of Starlette's own in English and in French: ``Not Found`` is said
    ``nothing at this address``, ``Method Not Allowed`` which method, FastAPI's ``There was an
    error parsing the body`` (a body not in UTF-8) what is expected."""
    en, fr = _HTTP_WORDS.get(exc.status_code, (None, None))
    return ((str(exc.detail) if en is None else en.format(method=request.method)),
            (f"demande refusée (HTTP {exc.status_code}) : {exc.detail}" if fr is None
             else fr.format(method=request.method)))


_KINDS = ("str", "int", "float", "bool")
"""What a rule option's value may be (``CreateTable.options``): pydantic names each kind its value
was refused as, at the end of the error's place (``options.deals.str``)."""

_INVALID_FR = {
    "missing": "champ requis", "extra_forbidden": "champ inconnu",
    "string_type": "doit être un texte", "dict_type": "doit être un objet JSON",
    "int_type": "doit être un nombre entier", "int_parsing": "doit être un nombre entier",
    "int_from_float": "doit être un nombre entier", "float_type": "doit être un nombre",
    "float_parsing": "doit être un nombre", "finite_number": "doit être un nombre fini",
    "bool_type": "doit valoir true ou false", "bool_parsing": "doit valoir true ou false",
    "string_too_long": "a au plus {max_length} caractères",
    "string_too_short": "a au moins {min_length} caractères",
    "greater_than_equal": "vaut au moins {ge}", "less_than_equal": "vaut au plus {le}",
    "greater_than": "vaut plus de {gt}", "less_than": "vaut moins de {lt}",
    "literal_error": "doit valoir {expected}", "enum": "doit valoir {expected}",
    "too_long": "a au plus {max_length} éléments", "too_short": "a au moins {min_length} éléments",
    "string_unicode": "doit être un texte Unicode valable (une moitié de paire de substitution n'en est"
                      " pas)",
}
"""The French of pydantic's refusals of a request's field, by its error type."""


def _invalid_fr(error: Mapping[str, Any]) -> str:
    """What pydantic says of a refused field (``Input should be a valid string``), in French.

    >>> _invalid_fr({"type": "less_than_equal", "ctx": {"le": 10.0}})
    'vaut au plus 10'
    >>> _invalid_fr({"type": "greater_than_equal", "ctx": {"ge": 0.5}}), _invalid_fr({"type": "x"})
    ('vaut au moins 0,5', 'valeur refusée')
    >>> _invalid_fr({"type": "literal_error", "ctx": {"expected": "'en' or 'fr'"}})
    "doit valoir 'en' ou 'fr'"
    """
    words = _INVALID_FR.get(str(error.get("type")), "valeur refusée")

    def french(v: Any) -> Any:  # a bound as French writes it: 10, 0,5; the values allowed
        if isinstance(v, float):
            return number(v, "g", "fr")
        return v.replace(" or ", " ou ") if isinstance(v, str) else v  # "'en' ou 'fr'"

    return words.format(**{k: french(v) for k, v in error.get("ctx", {}).items()})


PAGE_METHODS = ["GET", "HEAD"]
"""The methods the pages and ``/healthz`` answer: HEAD too, as a link checker or a monitor asks
(FastAPI answers a route of GET alone 405 to HEAD)."""


def _page(status: int = 200) -> FileResponse:
    """The page (``web/index.html``), which shows what its address names, or says there is nothing
    there, answered with ``status``."""
    return FileResponse(WEB_DIR / "index.html", status_code=status, media_type="text/html")


async def _page_of(finding: Awaitable[object | None]) -> FileResponse:
    """The page of a table or a sheet, which ``finding`` looks for (in memory or in the database):
    404 where it finds nothing, the page then saying there is no table or sheet at this link, as a
    server says there is nothing at an address; 503 where the database cannot say (the page asks
    again by itself)."""
    try:
        found = await finding
    except StorageUnavailable:
        return _page(503)
    return _page(404 if found is None else 200)


async def _receiver(ws: WebSocket, table: Table, conn: Connection) -> None:
    """Every message from the client goes to the table, in order, until the client leaves."""
    while True:
        msg = await ws.receive()
        if msg["type"] == "websocket.disconnect":
            return
        text = msg.get("text")
        await table.handle(conn, text if isinstance(text, str) else None)  # None: a binary message


async def _sender(ws: WebSocket, conn: Connection) -> None:
    """Everything the table queues for this connection goes out, in order."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            text = await conn.next()
            if text is None:
                await ws.close(1001)
                return
            await ws.send_text(text)


def create_app(db_url: str = DEFAULT_DB, storage: Storage | None = None,
               bot_budget: float | None = 1.0, unload_after: float = 600.0,
               max_tables: int = MAX_TABLES, max_sheets: int = MAX_SHEETS,
               keep_sheets: int | None = None,
               on_ready: Callable[[TableService], None] | None = None) -> FastAPI:
    """The app over the storage at ``db_url`` (or the given ``storage``); tables are rebuilt from
    their logs when it starts (a finished one is listed from its stored listing). ``bot_budget``:
    seconds per card for the bots that think (``pimc``; ``None``: the bot's default);
    ``unload_after``: seconds without a change after which a table nobody watches leaves memory
    (it is rebuilt from its log when asked for); ``max_tables``: how many tables may be in play
    before ``POST /api/tables`` is refused (429 ``too_many_tables``); ``max_sheets``: how many
    score sheets the database may hold before ``POST /api/sheets`` is refused (429
    ``too_many_sheets``); ``keep_sheets``: the days after which a sheet nobody changed is deleted
    (as the server starts, then every hour; ``None``: never); ``on_ready``: called with the tables
    once they are loaded, when the server is about to answer."""
    store = storage if storage is not None else open_storage(db_url)
    service = TableService(store, bot_budget=bot_budget, unload_after=unload_after,
                           max_tables=max_tables)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        service.load()
        # What exists now (the libraries, the tables rebuilt) lives as long as the server: keep it
        # out of the collector's full passes, which would otherwise stall every table for longer.
        gc.collect()
        gc.freeze()
        service.start()
        forgetting = (asyncio.create_task(forget_forever(store, keep_sheets))
                      if keep_sheets is not None else None)
        if on_ready is not None:
            on_ready(service)
        yield
        if forgetting is not None:
            forgetting.cancel()
            await asyncio.gather(forgetting, return_exceptions=True)
        await service.stop()
        store.close()

    app = FastAPI(title="whist", version="0.1.0", lifespan=lifespan,
                  description="Classic and colour whist at one table with friends and bots.")
    app.state.service = service
    app.add_middleware(_BodyLimit)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and _wants_page(request):  # a mistyped link: the page says so
            return _page(404)
        code = NOT_FOUND if exc.status_code == 404 else "http_error"
        en, fr = _http_words(request, exc)
        return _error(exc.status_code, code, en, fr, exc.headers)  # 405: its Allow

    @app.exception_handler(StorageUnavailable)
    async def _unavailable(_request: Request, _exc: StorageUnavailable) -> JSONResponse:
        # the database's own words (its host and port, say) are for the operator's log, not for
        # whoever asked
        return _error(503, "http_error", "the database cannot be reached; try again in a moment",
                      "la base de données ne répond pas : réessayez dans un moment")

    @app.exception_handler(Exception)
    async def _failed(_request: Request, exc: Exception) -> JSONResponse:
        # a fault of the server: the client gets the protocol's error body, the log the traceback
        # (Starlette raises the exception again once this answer is sent)
        return _error(500, "http_error", "the server failed to answer: an internal error, in its"
                                         " log", "le serveur n'a pas pu répondre : une erreur"
                                                 " interne, dans son journal")

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        loc = tuple(first.get("loc", ()))
        if first.get("type") == "json_invalid":  # the place is the character where JSON broke
            at = f" at character {loc[-1]}" if len(loc) > 1 else ""
            at_fr = f" (caractère {loc[-1]})" if len(loc) > 1 else ""
            reason = first.get("ctx", {}).get("error", "")
            en, fr = JSON_ERRORS.get(reason, (reason, reason))
            return _error(422, "invalid", f"the body is not JSON{at}" + (f": {en}" if en else ""),
                          f"le corps de la requête n'est pas du JSON{at_fr}" + (f" : {fr}" if fr else ""))
        if loc == ("body",):  # none, or not an object (or sent without a JSON Content-Type)
            return _error(422, "invalid", "the body must be a JSON object, sent with"
                                          " Content-Type: application/json",
                          "le corps de la requête doit être un objet JSON, envoyé avec"
                          " Content-Type: application/json")
        where = ".".join(str(x) for x in loc if x != "body")
        if loc and loc[-1] in _KINDS:  # an option's value, refused as each kind it may be in turn
            where = where.rsplit(".", 1)[0]
            return _error(422, "invalid", f"{where}: Input should be a string, a number, true or false",
                          f"{where} : doit être un texte, un nombre, true ou false")
        return _error(422, "invalid", f"{where}: {first.get('msg', 'invalid request')}",
                      f"{where} : {_invalid_fr(first)}")

    async def table_or_404(table_id: str) -> Table | JSONResponse:
        t = await service.get(table_id)
        return t if t is not None else _no_table(table_id)

    # ----- the page ---------------------------------------------------------------------------

    @app.api_route("/", methods=PAGE_METHODS, include_in_schema=False)
    async def index() -> FileResponse:
        return _page()

    # (a table's or a sheet's link without its id, /t/ or /s, names none: the page with 404, as any
    # link to nothing, and its way back to the lobby)
    @app.api_route("/t/{table_id}", methods=PAGE_METHODS, include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return await _page_of(service.listing_of(table_id))

    @app.api_route("/s/{sheet_id}", methods=PAGE_METHODS, include_in_schema=False)
    async def sheet_page(sheet_id: str) -> FileResponse:
        return await _page_of(stored_sheet(store, sheet_id))

    sheet_routes(app, store, max_sheets, keep_sheets)
    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.api_route("/healthz", methods=PAGE_METHODS)
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "tables": len(service.tables), "unloaded": len(service.unloaded)}

    # ----- tables --------------------------------------------------------------------------------

    @app.get("/api/presets")
    async def presets() -> dict[str, Any]:
        return {"presets": {name: r.to_dict() for name, r in PRESETS.items()},
                "options": _option_list(), "bots": list(available_bots()),
                "substitute": strongest_bot()}

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return {"tables": service.listings(100), "finished": service.finished()}

    @app.post("/api/tables", status_code=201, response_model=None)
    async def create_table(body: CreateTable) -> dict[str, Any] | JSONResponse:
        try:
            table = await service.create(TableSpec(
                preset=body.preset, options=body.options, seats=body.seats, name=body.name,
                named_for=body.named_for, takeover_after=body.takeover_after,
                bot_delay=body.bot_delay, deal_pause=body.deal_pause, seed=body.seed))
        except TableLimit as exc:
            return _error(429, "too_many_tables", exc.en, exc.fr)
        except (SpecError, ValueError) as exc:
            return _error(400, "bad_table", str(exc),
                          exc.fr if isinstance(exc, Refusal) else f"table refusée : {exc}")
        service.drive(table)
        return {"id": table.id, "url": f"/t/{table.id}", "table": table.table_json()}

    @app.get("/api/tables/{table_id}", response_model=None)
    async def get_table(table_id: str) -> dict[str, Any] | JSONResponse:
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        return {"table": t.table_json(), "match": t.match_json()}

    @app.get("/api/tables/{table_id}/listing", response_model=None)
    async def table_listing(table_id: str) -> dict[str, Any] | JSONResponse:
        listing = await service.listing_of(table_id)
        return listing if listing is not None else _no_table(table_id)

    @app.post("/api/tables/{table_id}/join", response_model=None)
    async def join_table(table_id: str, body: JoinTable) -> dict[str, Any] | JSONResponse:
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        try:
            name = clean_name(body.name)
            seat = parse_seat(body.seat) if body.seat else None
        except Refusal as exc:
            return _error(400, "bad_join", exc.en, exc.fr)
        token = secrets.token_urlsafe(24)
        try:
            seat = await t.join(seat, name, token)
        except NameTaken as exc:
            return _error(409, "name_taken", exc.en, exc.fr)
        except Refusal as exc:
            return _error(409, "seat_unavailable", exc.en, exc.fr)
        return {"table_id": t.id, "seat": seat.name, "name": name, "token": token}

    @app.post("/api/tables/{table_id}/again", response_model=None)
    async def play_again(table_id: str, response: Response) -> dict[str, Any] | JSONResponse:
        """The table that plays this finished game again with the same people: made by the first
        who asks (201), the same one for everyone after (200)."""
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        try:
            table, made = await service.again(t)
        except TableLimit as exc:
            return _error(429, "too_many_tables", exc.en, exc.fr)
        except SpecError as exc:  # the table's own options, refused by this server's rules
            return _error(400, "bad_table", exc.en, exc.fr)
        except Refusal as exc:
            return _error(409, "not_over", exc.en, exc.fr)
        except (CommandError, StorageConflict):
            return _error(409, "conflict", "the table keeps changing in another server process;"
                                           " try again", "la table change sans cesse sur un autre"
                                                         " serveur : réessayez")
        service.drive(table)
        response.status_code = 201 if made else 200
        return {"id": table.id, "url": f"/t/{table.id}", "table": table.table_json()}

    @app.get("/api/tables/{table_id}/deals", response_model=None)
    async def deals(table_id: str) -> dict[str, Any] | JSONResponse:
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        m = t.match_json()
        return {"deals": m["deals"], "records_available": t.match.is_over}

    @app.get("/api/tables/{table_id}/deals/{number}/view", response_model=None)
    async def deal_view(
        table_id: str, number: int, authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any] | JSONResponse:
        """A finished deal as the bearer's seat saw it at its end (a spectator's view without a
        token): what the page replays step by step during the session."""
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        if not 1 <= number <= len(t.match.deals):
            return _no_deal(number)
        token = _bearer(authorization)
        if token == "":
            return _error(403, "bad_token",
                          "the Authorization header must be Bearer followed by your seat's token",
                          "l'en-tête Authorization doit être Bearer suivi du jeton de votre place")
        seat: Seat | None = t.seat_of(token) if token else None
        if token and seat is None:
            return _error(403, "bad_token", "this token holds no seat at this table",
                          "ce jeton ne tient aucune place à cette table")
        deal = t.match.deals[number - 1]
        return {"number": number, "sitters": t.sitters(number), "view": view_json(deal.view(seat))}

    @app.get("/api/tables/{table_id}/deals/{number}/record", response_model=None)
    async def deal_record(table_id: str, number: int) -> Response:
        """A finished deal's record (every hand): once the match is over."""
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        if not t.match.is_over:
            return _hidden()
        # the finished deals are known: a number past them (one too large for the database's
        # integers, say) is not looked for
        data = (await t.storage.threads.run(t.storage.record, t.id, number)
                if 1 <= number <= len(t.match.deals) else None)
        if data is None:
            return _no_deal(number)
        return JSONResponse(data, headers={
            "Content-Disposition": f'attachment; filename="whist-{t.id}-deal{number}.json"'})

    @app.get("/api/tables/{table_id}/record", response_model=None)
    async def match_record(table_id: str) -> Response:
        """The match record (every deal, every hand): once the match is over."""
        t = await table_or_404(table_id)
        if isinstance(t, JSONResponse):
            return t
        if not t.match.is_over:
            return _hidden()
        return JSONResponse(record.match_record(t.match, t.players()), headers={
            "Content-Disposition": f'attachment; filename="whist-{t.id}.json"'})

    # ----- the WebSocket: a receiver loop and a sender loop --------------------------------------

    @app.websocket("/api/tables/{table_id}/ws")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            table = await service.get(table_id)
        except StorageUnavailable:
            await ws.close(TRY_AGAIN_LATER)
            return
        if table is None:
            await ws.send_text(error_json(NOT_FOUND, *_no_table_words(table_id), 0))
            await ws.close(4404)
            return
        conn = Connection()
        table.attach(conn)
        sender = asyncio.create_task(_sender(ws, conn))
        try:
            await _receiver(ws, table, conn)
        except StorageUnavailable:  # the message changed nothing: the client comes back later
            with contextlib.suppress(RuntimeError):
                await ws.close(TRY_AGAIN_LATER)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            table.detach(conn)
            sender.cancel()
            await reap(sender)

    return app
