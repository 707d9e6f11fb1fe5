"""Actions: a card to play, or a call (the spoken actions of classic whist's calling at eight).

Every action has a canonical text form that :func:`parse_action` reads back; a call has French
words too (``Call.text_fr``), which it reads back as well.

>>> parse_action("10d").text
'TD'
>>> parse_action("claim AS KS QS").text
'claim AS KS QS'
"""

from __future__ import annotations

import contextlib

from whist.cards import (
    Card,
    Lang,
    ParseError,
    Refusal,
    Suit,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from whist.rules import Rules


class IllegalAction(Refusal):
    """An action the rules do not allow now; the message says why, in a player's words (in
    English, and in French as ``fr``)."""


class NotYourTurn(IllegalAction):
    """An action sent for a seat whose turn it is not."""


GAME_NAMES: dict[str, tuple[str, str]] = {
    "classic": ("classic whist", "du whist classique"),
    "couleur": ("colour whist", "du whist à la couleur"),
}
"""Each game's name in a refusal of rules of the other (:func:`require_game`)."""


def require_game(rules: Rules, game: str) -> None:
    """Refuse ``rules`` (:class:`IllegalAction`) unless they are those of ``game`` (``classic``
    or ``couleur``): a deal, a match or a session of one game built with the other's rules.

    >>> from whist.rules import preset
    >>> try:
    ...     require_game(preset("couleur"), "classic")
    ... except IllegalAction as exc:
    ...     print(exc.en, "/", exc.fr)
    preset couleur is not classic whist / les règles couleur ne sont pas celles du whist classique
    """
    if rules.game != game:
        en, fr = GAME_NAMES[game]
        raise IllegalAction(f"preset {rules.preset} is not {en}",
                            f"les règles {rules.preset} ne sont pas celles {fr}")


def not_held(card: Card) -> IllegalAction:
    """The refusal of a card the player does not hold, in either game, said to him as every
    refusal is (the terminal and the page show it to the player who chose the card); each text
    writes the card as its players do (``Q♠``; in French ``D♠``), as the page and the terminal
    show cards."""
    return IllegalAction(f"you do not hold {card.in_lang('en')}",
                         f"vous n'avez pas {card.in_lang('fr')} en main")


def not_an_action(value: object) -> IllegalAction:
    """The refusal of a value that is neither a card nor a call, in either game: a program's
    mistake (a bot's), said as such rather than failing inside the engine."""
    return IllegalAction(f"{value!r} is not an action (a card or a call)",
                         f"{value!r} n'est pas une action (une carte ou une annonce)")


def must_follow(card: Card, led: Suit) -> IllegalAction:
    """The refusal of ``card`` from a hand that holds a card of the suit ``led`` (RULES.md §2)."""
    return IllegalAction(f"{card.in_lang('en')}: you must follow suit and play a {led.name_en[:-1]}",
                         f"{card.in_lang('fr')} : vous devez fournir à la couleur et jouer un {led.name_fr}")


class Call:
    """A spoken action. ``kind`` is ``claim``, ``ask``, ``yes`` or ``no``.

    A ``claim`` names the honours it shows (RULES.md §2, calling at eight (a));
    ``ask`` is "can you one?" (b), and ``yes``/``no`` the partner's answer.
    """

    __slots__ = ("cards", "kind", "text")

    KINDS = ("claim", "ask", "yes", "no")
    kind: str
    cards: tuple[Card, ...]
    text: str

    def __init__(self, kind: str, cards: tuple[Card, ...] = ()) -> None:
        if kind not in self.KINDS:
            raise ParseError(f"{kind!r} is not a call", f"« {kind} » n'est pas une annonce")
        self.kind = kind
        self.cards = tuple(cards_of(mask_of(cards)))
        self.text = " ".join([kind, *(c.text for c in self.cards)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Call) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"Call({self.text!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def text_fr(self) -> str:
        """The French words, which :func:`parse_action` reads back: ``appeler``, ``oui``, ``non``,
        ``annoncer AS KS QS``."""
        return " ".join([_KIND_FR[self.kind], *(c.text for c in self.cards)])


Action = Card | Call


def action_text_fr(action: Action) -> str:
    """An action as a French player may type it: a card as ``AS``, a call in French words."""
    return action.text_fr if isinstance(action, Call) else action.text

ASK = Call("ask")
YES = Call("yes")
NO = Call("no")

_CALL_WORDS = {
    "ask": "ask", "call": "ask", "chanter": "ask", "appeler": "ask", "can you one?": "ask",
    "can you one": "ask", "chante": "ask", "je chante": "ask", "chanter à huit": "ask",
    "je chante à huit": "ask", "j'appelle": "ask", "j’appelle": "ask", "appelle": "ask",
    "yes": "yes", "oui": "yes", "no": "no", "non": "no",
    "claim": "claim", "annoncer": "claim", "réclamer": "claim",
}
_KIND_FR = {"ask": "appeler", "yes": "oui", "no": "non", "claim": "annoncer"}
"""The French word of each kind of call (one of :data:`_CALL_WORDS`), for :attr:`Call.text_fr`."""


def parse_action(text: str, lang: Lang = "en") -> Action:
    """Read an action: a card (``AS``, ``10D``) or a call (``ask``, ``yes``, ``no``, ``claim AS KS QS``),
    the cards typed in ``lang`` (:func:`~whist.cards.parse_card`: in French ``RC``, ``10K``)."""
    words = text.strip().split()
    examples = "AP ou 10K" if lang == "fr" else "AS ou 10D"  # as the French reading has them
    if not words:
        raise ParseError("empty action: type a card such as AS or 10D",
                         f"aucune action : tapez une carte, par exemple {examples}")
    head = words[0].lower()
    kind = _CALL_WORDS.get(text.strip().lower()) or _CALL_WORDS.get(head)
    if kind is None:
        if len(words) in (2, 3):  # a rank and a suit apart (10 D), or said (as de cœur)
            with contextlib.suppress(ParseError):
                return parse_card(text, lang)
        if len(words) != 1:
            raise ParseError(f"{text!r} is not an action: type one card, such as AS or 10D",
                             f"« {text} » n'est pas une action : tapez une seule carte, par exemple"
                             f" {examples}")
        return parse_card(words[0], lang)
    if kind == "claim":
        return Call("claim", tuple(parse_cards(" ".join(words[1:]), lang)))
    return {"ask": ASK, "yes": YES, "no": NO}[kind]
