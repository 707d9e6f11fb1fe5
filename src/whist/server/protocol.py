"""The WebSocket messages a client sends, read strictly, and the errors the server answers with
(docs/protocol.md).

A client message is one JSON object with a ``type``:
``hello`` (``token`` to sit at one's seat, none to watch), ``act`` (``action`` text and the
state ``version`` it was chosen from), ``leave``, ``start``, ``next``, ``ping``.
Anything else is :data:`MALFORMED`.

>>> parse_message('{"type": "act", "action": "AS", "version": 3}')
Act(action='AS', version=3)
>>> try:
...     parse_message('{"type": "act", "action": "AS"}')
... except CommandError as exc:
...     print(exc.code, "-", exc.message)
malformed - act needs "version", a whole number
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from starlette.responses import JSONResponse

from whist.cards import quoted_fr

__all__ = [
    "ERRORS",
    "Act",
    "ClientMessage",
    "CommandError",
    "Hello",
    "Simple",
    "error_json",
    "error_response",
    "parse_message",
]

MALFORMED = "malformed"
NO_HELLO = "no_hello"
BAD_TOKEN = "bad_token"
NOT_SEATED = "not_seated"
NOT_YOUR_TURN = "not_your_turn"
ILLEGAL = "illegal"
STALE = "stale"
CONFLICT = "conflict"
NOT_FOUND = "not_found"

ERRORS: dict[str, str] = {
    MALFORMED: "not a JSON object, an unknown type, a missing field or a field of the wrong kind,"
               " a second hello, a message too long",
    NO_HELLO: "a message other than hello before hello",
    BAD_TOKEN: "hello with a token that holds no seat at this table (never given, or given up by"
               " leave)",
    NOT_SEATED: "act, leave, start or next from a spectator",
    NOT_YOUR_TURN: "act when it is not this seat's turn (or nobody's: between deals, before the"
                   " start, after the end)",
    ILLEGAL: "an action the rules do not allow now, or text that is no action; the message is the"
             " engine's",
    STALE: "act with a version that is not the table's current one",
    CONFLICT: "the action was valid but another server process stored an event first; the table"
              " is reloaded, choose again",
    NOT_FOUND: "no table with this id",
}
"""Every error code with when it is sent. Every error says why in English (``message``) and in
French (``message_fr``)."""

MAX_MESSAGE = 4096
"""Longest client message accepted, in characters."""


class CommandError(Exception):
    """A message the table refuses: ``code`` (one of :data:`ERRORS`) and a message for the player,
    in English and in French (``message_fr``), both required, as :func:`error_json` sends them.
    The table is unchanged."""

    def __init__(self, code: str, message: str, message_fr: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.message_fr = message_fr


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None


@dataclass(frozen=True, slots=True)
class Act:
    action: str
    version: int


@dataclass(frozen=True, slots=True)
class Simple:
    """``leave``, ``start``, ``next`` or ``ping``: a message with no fields."""

    type: str


ClientMessage = Hello | Act | Simple
_SIMPLE = ("leave", "start", "next", "ping")


def _field(obj: dict[str, Any], name: str, kind: type, what: tuple[str, str], msg_type: str) -> Any:
    """The field ``name`` of the message, of ``kind`` (``what`` it is, in English and French)."""
    value = obj.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise CommandError(MALFORMED, f'{msg_type} needs "{name}", {what[0]}',
                           f'{msg_type} demande « {name} », {what[1]}')
    return value


def parse_message(text: str | None) -> ClientMessage:
    """Read one client message (``None``: a binary one); :class:`CommandError` (``malformed``)
    naming what is wrong.

    >>> try:
    ...     parse_message(None)
    ... except CommandError as exc:
    ...     print(exc.message_fr)
    un message binaire : envoyez chaque message en texte (du JSON dans une trame texte)
    """
    if text is None:
        raise CommandError(MALFORMED, "a binary message: send each message as text (JSON in a text"
                                      " frame)",
                           "un message binaire : envoyez chaque message en texte (du JSON dans une"
                           " trame texte)")
    if len(text) > MAX_MESSAGE:
        raise CommandError(MALFORMED, f"message longer than {MAX_MESSAGE} characters",
                           f"message de plus de {MAX_MESSAGE} caractères")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays or objects nested too deep
        raise CommandError(MALFORMED, "not JSON", "ce n'est pas du JSON") from None
    if not isinstance(obj, dict):
        raise CommandError(MALFORMED, "a message is a JSON object with a type",
                           "un message est un objet JSON avec un type")
    kind = obj.get("type")
    if kind == "hello":
        token = obj.get("token")
        if token is not None and not isinstance(token, str):
            raise CommandError(MALFORMED, 'hello: "token" is a string (or absent to watch)',
                               "hello : « token » est un texte (ou absent pour regarder)")
        return Hello(token or None)
    if kind == "act":
        action = _field(obj, "action", str, ("the action's text", "le texte de l'action"), "act")
        version = _field(obj, "version", int, ("a whole number", "un nombre entier"), "act")
        return Act(action, version)
    if kind in _SIMPLE:
        return Simple(kind)
    known = ", ".join(("hello", "act", *_SIMPLE))
    if kind is None:
        raise CommandError(MALFORMED, f"a message needs a type: {known}",
                           f"un message demande un type : {known}")
    if not isinstance(kind, str):  # said as JSON writes it (3, true, [])
        raise CommandError(MALFORMED, f"a message's type is text, one of {known}, not {json.dumps(kind)}",
                           f"le type d'un message est un texte, parmi {known}, pas {json.dumps(kind)}")
    raise CommandError(MALFORMED, f"unknown message type {kind!r} (known: {known})",
                       f"type de message inconnu {quoted_fr(kind)} (connus : {known})")


def error_json(code: str, message: str, message_fr: str, version: int) -> str:
    """The text of an error message sent to one connection, the message in English and in French:
    every error of the WebSocket is said in both, as every HTTP refusal (:func:`error_response`).

    >>> json.loads(error_json("illegal", "the deal is over", "la donne est terminée", 7))["message_fr"]
    'la donne est terminée'
    """
    return json.dumps({"type": "error", "code": code, "message": message, "message_fr": message_fr,
                       "version": version}, ensure_ascii=False)


def error_response(status: int, code: str, message: str, message_fr: str,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An HTTP route's error: ``{"error": {"code", "message", "message_fr"}}``, the message in
    English and in French: every route's refusal is said in both.

    >>> json.loads(error_response(404, "not_found", "no table 'x'", "pas de table « x »").body)
    {'error': {'code': 'not_found', 'message': "no table 'x'", 'message_fr': 'pas de table « x »'}}
    """
    error = {"code": code, "message": message, "message_fr": message_fr}
    return JSONResponse({"error": error}, status_code=status, headers=headers)
