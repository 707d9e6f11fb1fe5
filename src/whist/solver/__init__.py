"""Double-dummy solver: the value of every card when all four hands are known.

The search itself is C (``whist.solver._core``); this module checks and converts what callers
give it. The solver knows cards, seats and tricks, nothing of auctions or presets: a team is
any set of one to three seats, and a goal says what the team wants.

Goals (tricks are counted from now on, the current trick included):

- ``max``: the team takes as many tricks as it can, the other seats as few as they can.
- ``min`` (misère): the team takes as few tricks as it can, the other seats try to give it as
  many as they can.
- ``exact(k)``: the team tries to end with exactly ``k`` more tricks, the other seats try to
  prevent it; a card's value is whether the team then reaches exactly ``k`` (``True``/``False``).

With ``cap=k`` (goals max and min), values count up to ``k`` tricks: each is the smaller of
the tricks and ``k``. A caller whose points stop changing after ``k`` tricks (two misère
players, who have both failed once each has taken a trick) asks only the questions below ``k``,
far cheaper than the whole count. With ``floor=k`` (0 to 12, and below the cap if one is
given), values count from ``k``: each is the larger of the tricks and ``k``. A caller whose
points are the same for every count up to ``k`` (a contract whose failure costs the same
however many tricks it misses by) asks only the questions above ``k``: with ``floor=k - 1,
cap=k``, one test a card, "does the team take ``k``?".

>>> pos = Position.from_pbn("N:AK.-.-.- QJ.-.-.- T9.-.-.- 87.-.-.-", trump=None, leader="N")
>>> sol = solve(pos, "NS")
>>> sol.best, sol.cards[parse_card("AS")]
(2, 2)
>>> solve(pos, "EW", "min").best
0
>>> solve(pos, "N", exact(2)).best
True
>>> solve(pos, "NS", at_least=2)
True
>>> solve(pos, "NS", cap=1).best
1
>>> solve(pos, "EW", floor=1).best
1
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Real
from typing import Literal, NamedTuple, SupportsIndex, cast, overload

from whist.cards import (
    ALL_CARDS_MASK,
    CARDS,
    SEATS,
    SUIT_CARDS,
    SUIT_MASK,
    Card,
    Lang,
    ParseError,
    Refusal,
    Seat,
    Side,
    Suit,
    cards_of,
    of_fr,
    parse_card,
    parse_hand,
    parse_seat,
    parse_suit,
    pbn_hands,
)
from whist.solver._core import Solver as _CoreSolver
from whist.solver._core import TableMemoryError as _CoreTableMemoryError

__all__ = [
    "MAX",
    "MIN",
    "DuplicateCardError",
    "Goal",
    "GoalError",
    "HandSizeError",
    "MissingCardError",
    "Position",
    "PositionError",
    "RevokeError",
    "Solution",
    "SolveProgress",
    "Solver",
    "SolverInputError",
    "TableMemoryError",
    "TeamError",
    "UnknownSeatError",
    "UnknownSuitError",
    "exact",
    "parse_goal",
    "parse_team",
    "parse_trump",
    "solve",
    "team_text",
]

DEFAULT_MEMORY_MB = 64
MAX_MEMORY_MB = 1 << 20
"""A terabyte: the most ``memory_mb`` may ask (its bytes must fit the C core's sizes)."""


# ----- errors ---------------------------------------------------------------------------------


class SolverInputError(Refusal):
    """Input the solver cannot work on; the message says what is wrong (a :class:`Refusal`, a
    ``ValueError``: in English, and in French as ``whist solve --lang fr`` says it)."""


class PositionError(SolverInputError):
    """A position that cannot arise in play."""


class DuplicateCardError(PositionError):
    """A card in two hands, twice on the table, or both held and played."""


class HandSizeError(PositionError):
    """Hand sizes that do not fit together (with the cards already played to the trick)."""


class MissingCardError(HandSizeError):
    """A hand holds fewer cards than it should, or no card is left to play."""


class RevokeError(PositionError):
    """A card on the table does not follow the suit led although its player still holds it."""


class UnknownSeatError(SolverInputError):
    """A seat that is not N, E, S or W."""


class UnknownSuitError(SolverInputError):
    """A trump that is not S, H, D, C or no trump."""


class TeamError(SolverInputError):
    """A team that is not one, two or three different seats."""


class GoalError(SolverInputError):
    """A goal that is not max, min or exact(k), or a target out of range."""


class TableMemoryError(SolverInputError, _CoreTableMemoryError):
    """The memory asked for the table (``memory_mb``) cannot be allocated on this machine; also
    a ``MemoryError``."""


# ----- goals and teams ------------------------------------------------------------------------


def _whole(value: object, lo: int, hi: int) -> int | None:
    """``value`` as an ``int`` when it is a whole number from ``lo`` to ``hi``, else ``None``: an
    ``int`` or any integer type (NumPy's ``int64``, ``uint64``: what a program that keeps its
    hands or targets in arrays passes), not a bool."""
    if type(value) is int:  # (the usual case, first: bots build many positions)
        return value if lo <= value <= hi else None
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        return None
    try:
        whole = operator.index(value)
    except TypeError:  # (NumPy's bool has an __index__ that refuses)
        return None
    return whole if lo <= whole <= hi else None


def _node_limit(value: SupportsIndex | None) -> int:
    """``max_nodes`` as the C search takes it (0: no limit), or ``SolverInputError``."""
    if value is None:
        return 0
    nodes = _whole(value, 1, (1 << 64) - 1)
    if nodes is None:
        raise SolverInputError(f"max_nodes={value!r} is not a count of positions: give at least 1"
                               " node, or None for no limit")
    return nodes


def _second_limit(value: float | None) -> float:
    """``max_seconds`` as the C search takes it (0.0: no limit), or ``SolverInputError``."""
    if value is None:
        return 0.0
    if isinstance(value, bool) or not isinstance(value, Real) or not value > 0:
        raise SolverInputError(f"max_seconds={value!r} is not a time: give a positive number of"
                               " seconds, or None for no limit")
    return float(value)


@dataclass(frozen=True, slots=True)
class Goal:
    """What the team wants: ``max``, ``min`` (misère) or ``exact`` (``k`` more tricks)."""

    kind: Literal["max", "min", "exact"]
    k: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("max", "min", "exact"):
            raise GoalError(f"unknown goal {self.kind!r}: use max, min or exact:K")
        k = _whole(self.k, 0, 13)
        if k is None:
            raise GoalError(f"target {self.k!r} is not a number of tricks (0 to 13)")
        object.__setattr__(self, "k", k)  # (an int, whatever integer type it was given as)
        if self.kind != "exact" and self.k:
            raise GoalError(f"goal {self.kind} has no target (k={self.k}): only exact(k) takes one")

    @property
    def text(self) -> str:
        """The goal as the command line writes it: ``max``, ``min``, ``exact:3``."""
        return f"exact:{self.k}" if self.kind == "exact" else self.kind


MAX = Goal("max")
MIN = Goal("min")


def exact(k: SupportsIndex) -> Goal:
    """The goal "exactly ``k`` more tricks for the team"."""
    return Goal("exact", cast(int, k))  # (Goal checks it, and keeps it as an int)


def parse_goal(text: str | Goal) -> Goal:
    """Read a goal: ``max``, ``min`` (or ``misere``), ``exact:K`` or ``exact(K)``."""
    if isinstance(text, Goal):
        return text
    if not isinstance(text, str):
        raise GoalError(f"{text!r} is not a goal: use max, min, exact:K or a Goal")
    t = text.strip().lower().replace("è", "e")
    if t in ("max", "min"):
        return MAX if t == "max" else MIN
    if t == "misere":
        return MIN
    for sep, close in ((":", ""), ("=", ""), ("(", ")")):
        if t.startswith("exact" + sep) and t.endswith(close):
            num = t[len("exact") + 1:len(t) - len(close)].strip()
            # not "²" nor another script's digits, nor more digits than int() reads
            if num.isascii() and num.isdigit() and len(num) <= 4 and int(num) <= 13:
                return exact(int(num))
    if t.startswith("exact"):
        raise GoalError(f"{text!r} is not a goal: exact needs the number of tricks, 0 to 13,"
                        " as in exact:3",
                        f"« {text} » n'est pas un objectif : exact demande le nombre de levées,"
                        " de 0 à 13, comme exact:3")
    raise GoalError(f"{text!r} is not a goal: use max, min or exact:K (K tricks)",
                    f"« {text} » n'est pas un objectif : tapez max, min ou exact:K (K levées)")


def _seat(value: Seat | str) -> Seat:
    if isinstance(value, Seat):
        return value
    if isinstance(value, str):
        try:
            return parse_seat(value)
        except ParseError as exc:
            raise UnknownSeatError(exc.en, exc.fr) from None
    raise UnknownSeatError(f"{value!r} is not a seat (use N, E, S, W or O for Ouest)")


_TEAM_SEPARATORS = str.maketrans("-+,/&", "     ")
"""What may stand between the seats of a team, as players write them: ``N-S``, ``N/S``, ``N+S``,
``N & S``, ``North, South``."""


def parse_team(team: Iterable[Seat | str] | Side | Seat | str) -> frozenset[Seat]:
    """Read a team: seats (``Seat.N``), letters (``"NS"``, ``"N"``, ``"NEW"``, ``"N/S"``), names of
    seats (``"North"``, ``"Nord Sud"``, as :func:`~whist.cards.parse_seat` reads them) or a side.

    A team holds one, two or three different seats; :class:`TeamError` otherwise.
    """
    if isinstance(team, Side):
        return frozenset(team.seats)
    if isinstance(team, Seat):
        return frozenset((team,))
    items: list[Seat | str]
    if isinstance(team, bytes | bytearray) or not isinstance(team, str | Iterable):
        raise TeamError(f"{team!r} is not a team: name one, two or three seats, like \"NS\" or [Seat.N]")
    if isinstance(team, str):
        items = []
        for word in team.translate(_TEAM_SEPARATORS).split():
            try:
                items.append(parse_seat(word))  # a seat's letter or name
            except ParseError:
                items.extend(word)  # letters: "NS", "new" (each read as typed, to be named as typed)
    else:
        items = list(team)
    seats = [_seat(x) for x in items]
    if not seats:
        raise TeamError("the team is empty: name one, two or three seats (N, E, S, W)",
                        "l'équipe est vide : nommez une, deux ou trois places (N, E, S, O)")
    if len(set(seats)) != len(seats):
        raise TeamError(f"a seat is named twice in team {team!r}",
                        f"une place est nommée deux fois dans l'équipe « {team} »")
    if len(seats) == 4:
        raise TeamError("a team of all four seats has no opponents: name one, two or three seats",
                        "une équipe des quatre places n'a pas d'adversaires : nommez une, deux ou"
                        " trois places")
    return frozenset(seats)


def team_text(team: Iterable[Seat | str] | Side | Seat | str, lang: Lang = "en") -> str:
    """A team as the command line writes it, its seats' letters in the order N, E, S, W (in
    French N, E, S, O: Ouest): what :func:`parse_team` reads back. The team is read by
    :func:`parse_team` first, so it may be given as text too (:class:`TeamError` if it is none).

    >>> team_text(parse_team("WE")), team_text("South North West", "fr"), team_text("WE")
    ('EW', 'NSO', 'EW')
    """
    return "".join(s.name_en[0] if lang == "en" else s.name_fr[0] for s in sorted(parse_team(team)))


def parse_trump(value: Suit | str | None, lang: Lang = "en") -> Suit | None:
    """Read a trump: a suit as :func:`~whist.cards.parse_suit` reads it in ``lang`` (``C`` is
    clubs in English, cœur in French), or no trump (``NT``, ``SA`` for sans atout, ``-``,
    ``None``)."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str):
        t = value.strip().upper()
        if t in ("NT", "N", "-", "NONE", "SA", "NOTRUMP", "NO TRUMP", "SANS ATOUT"):
            return None
        try:
            return parse_suit(value, lang)
        except ParseError:
            pass
    letters = "P, C (cœur), K, T" if lang == "fr" else "S, H, D, C"
    raise UnknownSuitError(f"{value!r} is not a trump: use S, H, D, C or NT",
                           f"« {value} » n'est pas un atout : tapez {letters} ou SA (sans atout)")


def _card(value: Card | str) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise PositionError(f"{value!r} is not a card: give a Card or its text, like \"AS\"")
    try:
        return parse_card(value)
    except ParseError as exc:
        raise PositionError(exc.en, exc.fr) from None


def _hand_mask(value: SupportsIndex | str | Iterable[Card | str]) -> int:
    if isinstance(value, bool):
        raise PositionError("a hand is a mask, a PBN hand or a list of cards, not a bool")
    if isinstance(value, SupportsIndex):  # an int, or an integer type (NumPy's uint64)
        mask = _whole(value, 0, ALL_CARDS_MASK)
        if mask is not None:
            return mask
        # a NumPy array of cards has an __index__ too, which refuses: read as a list of cards
        if not isinstance(value, Iterable) or getattr(value, "ndim", 1) == 0:
            raise PositionError(f"hand mask {value!r} is not a set of cards (52 bits)")
    if isinstance(value, str):
        t = value.strip()
        if t in ("", "-"):
            return 0
        if "." in t:
            try:
                return parse_hand(t)
            except ParseError as exc:
                if "twice" in exc.en:
                    raise DuplicateCardError(exc.en, exc.fr) from None
                raise PositionError(exc.en, exc.fr) from None
        value = t.replace(",", " ").split()
    elif isinstance(value, bytes | bytearray) or not isinstance(value, Iterable):
        raise PositionError(f"{value!r} is not a hand: give a mask, a PBN hand like \"AK.Q.-.J\""
                            " or a list of cards")
    mask = 0
    for item in value:
        c = _card(item)
        if mask & c.bit:
            raise DuplicateCardError(f"{c.text} is twice in one hand",
                                     f"{c.text_in('fr')} figure deux fois dans une main")
        mask |= c.bit
    return mask


# ----- positions ------------------------------------------------------------------------------


def _typed_here(name: str, value: object, wanted: str, wanted_fr: str) -> tuple[str, str]:
    """Why :class:`Position` refuses ``value`` for its field ``name``: it takes the engine's types
    (``wanted``), while :meth:`Position.of` and :meth:`Position.from_pbn` read text too."""
    if isinstance(value, str):
        return (f"{name} {value!r}: Position takes {wanted}, not text; use Position.of (or"
                f" Position.from_pbn) to give {name} as text",
                f"{name} « {value} » : Position prend {wanted_fr}, pas du texte ; utilisez Position.of"
                f" (ou Position.from_pbn) pour donner {name} en texte")
    return (f"{name} {value!r}: Position takes {wanted}", f"{name} {value!r} : Position prend {wanted_fr}")



@dataclass(frozen=True, slots=True)
class Position:
    """The four remaining hands (52-bit masks, by seat N E S W), the trump suit (``None``: no
    trump), the seat that led the current trick and the cards already played to it, in order.

    Build one with :meth:`of` (hands as masks, PBN hands or cards) or :meth:`from_pbn`. Every
    position is checked: :class:`PositionError` (a ``ValueError``) when it cannot arise in play.
    """

    hands: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    played: tuple[Card, ...] = field(default=())

    def __post_init__(self) -> None:
        # kept as tuples whatever sequences were given: a checked position cannot change after
        # its checks, and it can be hashed (a dict key, a set member)
        for name in ("hands", "played"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
                raise PositionError(f"{name} {value!r} is not a sequence")
            object.__setattr__(self, name, tuple(value))
        if len(self.hands) != 4:
            raise PositionError(f"a position has four hands, not {len(self.hands)}")
        if not isinstance(self.leader, Seat):
            raise UnknownSeatError(*_typed_here("leader", self.leader, "a Seat (Seat.N)",
                                                "une Seat (Seat.N)"))
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise UnknownSuitError(*_typed_here("trump", self.trump, "a Suit (Suit.HEARTS) or None",
                                                "une Suit (Suit.HEARTS) ou None"))
        if any(type(h) is not int for h in self.hands):  # ints, whatever integer type was given
            object.__setattr__(self, "hands", tuple(h if (m := _whole(h, 0, ALL_CARDS_MASK)) is None else m
                                                    for h in self.hands))
        seen = 0
        for seat, h in zip(SEATS, self.hands, strict=True):
            if _whole(h, 0, ALL_CARDS_MASK) is None:
                raise PositionError(f"the hand of {seat.name_en} is not a 52-bit mask")
            if seen & h:
                dup = cards_of(seen & h)[0]
                first = next(s for s in SEATS if self.hands[s] & dup.bit)
                raise DuplicateCardError(f"{dup.text} is in two hands, {first.name_en}'s and"
                                         f" {seat.name_en}'s",
                                         f"{dup.text_in('fr')} est dans deux mains, celle"
                                         f" {of_fr(first.name_fr)} et celle {of_fr(seat.name_fr)}")
            seen |= h
        if len(self.played) > 3:
            raise PositionError(f"{len(self.played)} cards on the table: a trick holds at most 3"
                                " before the player to move",
                                f"{len(self.played)} cartes sur la table : une levée en a au plus 3"
                                " avant le joueur qui a la main")
        for c in self.played:
            if not isinstance(c, Card):
                raise PositionError(*_typed_here("played", c, "Cards (parse_card(\"AS\"))",
                                                 "des Card (parse_card(\"AS\"))"))
            if seen & c.bit:
                holder = next((s for s in SEATS if self.hands[s] & c.bit), None)
                fr = c.text_in("fr")
                if holder is None:
                    raise DuplicateCardError(f"{c.text} is played to the trick twice",
                                             f"{fr} est jouée deux fois dans la levée")
                raise DuplicateCardError(f"{c.text} is played to the trick but {holder.name_en} still"
                                         " holds it: a played card leaves its hand",
                                         f"{fr} est jouée dans la levée mais {holder.name_fr} l'a"
                                         " encore en main : une carte jouée quitte la main")
            seen |= c.bit
        if self.played:
            led = self.played[0].suit
            for i, c in enumerate(self.played[1:], 1):
                seat = SEATS[(self.leader + i) & 3]
                if c.suit is not led and self.hands[seat] & led.mask:
                    raise RevokeError(f"{seat.name_en} played {c.text} but still holds"
                                      f" {led.name_en}: a card must follow the suit led",
                                      f"{seat.name_fr} a joué {c.text_in('fr')} mais a encore du"
                                      f" {led.name_fr} : il faut fournir à la couleur demandée")
        sizes = [h.bit_count() for h in self.hands]
        np = len(self.played)
        done = [((s - self.leader) & 3) < np for s in range(4)]
        n = max(sizes[s] + done[s] for s in range(4))
        if n == 0:
            raise MissingCardError("no card left to play: every hand is empty",
                                   "plus aucune carte à jouer : toutes les mains sont vides")
        if n > 13:
            big = next(s for s in SEATS if sizes[s] + done[s] == n)
            if done[big]:
                raise HandSizeError(f"{big.name_en} holds {sizes[big]} cards and has played to the"
                                    " trick: at most 12 once a card is played" + self._other_leader(sizes),
                                    f"{big.name_fr} a {sizes[big]} cartes et a joué dans la levée :"
                                    " au plus 12 une fois une carte jouée" + self._other_leader(sizes, "fr"))
            raise HandSizeError(f"{big.name_en} holds {n} cards: at most 13",
                                f"{big.name_fr} a {n} cartes : au plus 13")
        # the size most seats agree on (the larger of two as common): the odd hand is the one named
        full = [sizes[s] + done[s] for s in range(4)]
        common = max(set(full), key=lambda v: (full.count(v), v))
        for s in SEATS:
            want = common - done[s]
            if sizes[s] != want:
                why = " (it played to the trick)" if done[s] else ""
                why_fr = " (il a joué dans la levée)" if done[s] else ""
                cards_fr = "carte" if sizes[s] < 2 else "cartes"
                raise MissingCardError(
                    f"{s.name_en} holds {sizes[s]} card{'s' if sizes[s] != 1 else ''} but should"
                    f" hold {want}{why}: hands must"
                    " be the same size, less one for each seat that played to the trick"
                    + self._other_leader(sizes),
                    f"{s.name_fr} a {sizes[s]} {cards_fr} mais devrait en avoir {want}{why_fr} : les"
                    " mains ont la même taille, moins une pour chaque place qui a joué dans la"
                    " levée" + self._other_leader(sizes, "fr"))

    def _other_leader(self, sizes: list[int], lang: Lang = "en") -> str:
        """A hint for hand sizes that do not fit: the other seat whose lead of the cards on the
        table would make them fit, if there is one (the usual slip is the wrong leader)."""
        np = len(self.played)
        for alt in SEATS:
            if alt is not self.leader and np and len({sizes[s] + (((s - alt) & 3) < np) for s in SEATS}) == 1:
                if lang == "fr":
                    return f" (elles vont si {alt.name_fr} a entamé la levée)"
                return f" (they fit if {alt.name_en} led the trick)"
        return ""

    @classmethod
    def of(cls, hands: Iterable[SupportsIndex | str | Iterable[Card | str]], trump: Suit | str | None,
           leader: Seat | str, played: Iterable[Card | str] | str = ()) -> Position:
        """A position from hands given as masks, PBN hands (``"AK.Q.-.J"``) or cards, a trump
        (``Suit``, ``"H"``, ``"NT"``, ``None``), the leader of the trick and its cards so far."""
        if isinstance(hands, str | bytes | bytearray | Mapping) or not isinstance(hands, Iterable):
            raise PositionError(f"hands {hands!r} are not four hands: give a sequence of four, by"
                                " seat N, E, S, W")
        hands = list(hands)
        if len(hands) != 4:
            raise PositionError(f"give four hands, by seat N, E, S, W, not {len(hands)}")
        masks = [_hand_mask(h) for h in hands]
        if isinstance(played, str):
            played = played.replace(",", " ").split()
        elif isinstance(played, bytes | bytearray) or not isinstance(played, Iterable):
            raise PositionError(f"played {played!r} is not a list of cards: give cards or their"
                                " text, like \"AS KS\"")
        cards = tuple(_card(c) for c in played)
        return cls((masks[0], masks[1], masks[2], masks[3]), parse_trump(trump), _seat(leader), cards)

    @classmethod
    def from_pbn(cls, deal: str, trump: Suit | str | None, leader: Seat | str,
                 played: Iterable[Card | str] | str = ()) -> Position:
        """A position from a PBN deal (``N:AKQJ.T98.765.432 ...``, hands clockwise from the
        named seat, ``-`` for an empty hand)."""
        if not isinstance(deal, str):
            raise PositionError(f"{deal!r} is not a PBN deal: give text, like \"N:AK.-.-.- ...\"")
        try:
            hands: list[int | str | Iterable[Card | str]] = list(pbn_hands(deal))
        except ParseError as exc:
            raise PositionError(exc.en, exc.fr) from None
        return cls.of(hands, trump, leader, played)

    @property
    def to_move(self) -> Seat:
        """The seat to play next."""
        return SEATS[(self.leader + len(self.played)) & 3]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished, the current one included."""
        return self.hands[self.leader].bit_count() + (1 if self.played else 0)

    def hand(self, seat: Seat) -> list[Card]:
        """The cards of ``seat``, suit by suit (S H D C), high to low."""
        return cards_of(self.hands[seat])

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play: follow suit if able, otherwise any card."""
        hand = self.hands[self.to_move]
        if self.played:
            led = self.played[0].suit
            m = (hand >> (13 * led)) & SUIT_MASK
            if m:
                return list(SUIT_CARDS[led][m])
        return cards_of(hand)


# ----- solutions ------------------------------------------------------------------------------


class SolveProgress(NamedTuple):
    """How far a solve is: the best value once found (``None`` before; for an exact goal, only
    at the end), and how many of the legal cards of the player to move have their value, of
    ``total`` (0 for ``at_least``, which values no card)."""

    best: int | bool | None
    done: int
    total: int


@dataclass(frozen=True, slots=True)
class Solution:
    """The value of every legal card of the player to move, and the best value for that player.

    Goals max and min: tricks the team takes from now on with best play on both sides (with a
    ``cap``, the smaller of those and ``cap``: a value equal to ``cap`` means "``cap`` or
    more"; with a ``floor``, the larger of those and ``floor``: a value equal to ``floor``
    means "``floor`` or fewer"). Goal exact: whether the team ends with exactly ``goal.k`` more tricks
    (``True``/``False``).
    """

    goal: Goal
    team: frozenset[Seat]
    to_move: Seat
    best: int
    cards: dict[Card, int]
    nodes: int = 0
    cap: int | None = None
    floor: int | None = None

    def best_cards(self) -> list[Card]:
        """The cards that achieve the best value for the player to move."""
        return [c for c, v in self.cards.items() if v == self.best]

    def to_json(self) -> dict[str, object]:
        """``{"tricks": 7, "cards": {"2C": 7, ...}, "team": "NS", "goal": "max"}`` (goal exact:
        ``{"exact": k, "reached": true, "cards": {"2C": true, ...}, "team": …, "goal":
        "exact:k"}``; with a cap, ``"cap": k`` too, and with a floor ``"floor": k``), cards in the
        order of the hand: the team the values count for (:func:`team_text`) and its goal as the
        command line writes them."""
        out: dict[str, object]
        if self.goal.kind == "exact":
            out = {"exact": self.goal.k, "reached": bool(self.best),
                   "cards": {c.text: bool(v) for c, v in self.cards.items()}}
        else:
            out = {"tricks": self.best, "cards": {c.text: v for c, v in self.cards.items()}}
        out["team"] = team_text(self.team)
        out["goal"] = self.goal.text
        if self.cap is not None:
            out["cap"] = self.cap
        if self.floor is not None:
            out["floor"] = self.floor
        return out


_GOAL_CODES = {"max": 0, "min": 1, "exact": 2}
_AT_LEAST_AND_CAP = "at_least and cap or floor do not go together: at_least already asks one question"


class Solver:
    """A solver with its own transposition table, kept between calls.

    Solving many positions in a row (samples of one position, the bots' pattern) reuses what
    earlier searches found; the table is forgotten when the trump suit, the team or the goal
    changes. ``memory_mb`` bounds the table. ``group_blocks`` (for tuning and tests) is how
    many blocks of 16 entries a group of positions keeps before it stores by shape (see
    docs/solver.md, *The transposition table*); by default 200 for partnerships and 8 where one
    seat plays against three. ``trump_game_from`` (for tuning and tests) is the number of tricks
    left from which the search asks the trump game, a bound for a seat alone on its side
    (default 7; 14: never). ``relaxed_from`` (for tuning and tests), the same for the relaxed
    misère game, a bound for a seat alone that wants few tricks (default 4; 14: never).
    ``split_from`` (for tuning and tests) is how many blocks a group chains before its entries
    move to parts, and a part (twice as many) before they move to its own parts (default 8; 1 to
    32); :meth:`table_stats` counts them. One solver is used by one thread at a time (a second
    thread gets ``RuntimeError``); the interpreter lock is released during a search, so threads
    with their own solvers run in parallel.
    """

    def __init__(self, memory_mb: SupportsIndex = DEFAULT_MEMORY_MB, *,
                 group_blocks: SupportsIndex | None = None, trump_game_from: SupportsIndex | None = None,
                 relaxed_from: SupportsIndex | None = None, split_from: SupportsIndex | None = None) -> None:
        memory = _whole(memory_mb, 1, MAX_MEMORY_MB)
        if memory is None:
            raise SolverInputError(f"memory_mb must be a whole number of megabytes from 1 to {MAX_MEMORY_MB},"
                                   f" not {memory_mb!r}")
        blocks = 0 if group_blocks is None else _whole(group_blocks, 1, 4096)
        if blocks is None:
            raise SolverInputError(f"group_blocks must be a whole number from 1 to 4096,"
                                   f" not {group_blocks!r}")
        tuning: dict[str, int] = {}
        for name, value, lo, hi in (("trump_game_from", trump_game_from, 2, 14),
                                    ("relaxed_from", relaxed_from, 2, 14), ("split_from", split_from, 1, 32)):
            if value is None:
                continue
            whole = _whole(value, lo, hi)
            if whole is None:
                raise SolverInputError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}")
            tuning[name] = whole
        self._core = _CoreSolver(memory << 20, group_blocks=blocks, **tuning)
        self.memory_mb = memory

    @property
    def nodes(self) -> int:
        """Positions searched by the last call."""
        return self._core.nodes

    @property
    def progress(self) -> SolveProgress:
        """How far the current call is (or the last one went); another thread may read it
        while a solve runs (``whist solve`` shows it on its status line)."""
        best, done, total = self._core.progress  # (a bool for an exact goal)
        return SolveProgress(best, done, total)

    def table_stats(self) -> dict[str, int]:
        """What the table holds now: ``groups``, ``parts`` and ``parts_of_parts`` in use (a
        large group's entries move to parts, see docs/solver.md, *The transposition table*) and
        the ``blocks`` of 16 entries they chain."""
        return self._core.table_stats()

    def clear(self) -> None:
        """Forget the transposition table (and free its memory until the next call)."""
        self._core.clear()

    @overload
    def solve(self, position: Position, team: Iterable[Seat | str] | Side | Seat | str,
              goal: Goal | str = ..., *, at_least: None = None, cap: SupportsIndex | None = None,
              floor: SupportsIndex | None = None, max_nodes: SupportsIndex | None = None,
              max_seconds: float | None = None) -> Solution: ...

    @overload
    def solve(self, position: Position, team: Iterable[Seat | str] | Side | Seat | str,
              goal: Goal | str = ..., *, at_least: SupportsIndex, cap: None = None,
              floor: None = None, max_nodes: SupportsIndex | None = None,
              max_seconds: float | None = None) -> bool: ...

    def solve(self, position: Position, team: Iterable[Seat | str] | Side | Seat | str,
              goal: Goal | str = MAX, *, at_least: SupportsIndex | None = None,
              cap: SupportsIndex | None = None, floor: SupportsIndex | None = None,
              max_nodes: SupportsIndex | None = None,
              max_seconds: float | None = None) -> Solution | bool:
        """Solve ``position`` for ``team`` and ``goal`` (see the module documentation).

        With ``at_least=k`` (goal max only): whether the team takes at least ``k`` more
        tricks with best play, a yes/no search cheaper than the exact count. With ``cap=k``
        (goals max and min): every value is the smaller of the tricks and ``k``; with
        ``floor=j`` (below the cap), the larger of the tricks and ``j`` too. With
        ``max_nodes`` (at least 1), ``TimeoutError`` once the search has visited more positions
        (what it found so far stays in the table); with ``max_seconds`` (more than 0), once it
        has run that long (a count of nodes is the same on every machine, a time is not).
        ``None``, the default of both, is no limit; 0 is refused (``SolverInputError``), so that
        a caller's budget used up to 0 never becomes an unbounded search. Called from the main
        thread, a search runs Python's signal handlers every few hundredths of a second, so
        that Ctrl-C stops it with ``KeyboardInterrupt`` (what it found stays in the table).
        """
        nodes = _node_limit(max_nodes)
        seconds = _second_limit(max_seconds)
        if not isinstance(position, Position):
            raise SolverInputError(f"{position!r} is not a Position")
        seats = parse_team(team)
        g = parse_goal(goal)
        mask = sum(1 << s for s in seats)
        played = [c.index for c in position.played]
        if at_least is not None:
            target = _whole(at_least, 0, 13)
            if target is None:
                raise GoalError(f"at_least={at_least!r} is not a number of tricks (0 to 13)")
            if g.kind != "max":
                raise GoalError(f"at_least (does the team take at least k tricks?) goes with the goal"
                                f" max, not {g.text}: leave at_least out to solve goal {g.text}")
            if cap is not None or floor is not None:
                raise GoalError(_AT_LEAST_AND_CAP)
            out = self._search(position, played, mask, 3, target, nodes, seconds)
            assert isinstance(out, bool)
            return out
        if cap is not None:
            cap_k = _whole(cap, 0, 13)
            if cap_k is None:
                raise GoalError(f"cap={cap!r} is not a number of tricks (0 to 13)")
            cap = cap_k
            if g.kind == "exact":
                raise GoalError("cap goes with the goals max and min: an exact target has no count")
        if floor is not None:
            if cap == 0:
                raise GoalError(f"floor={floor!r}: no floor fits under a cap of 0")
            highest = 12 if cap is None else cap - 1
            floor_k = _whole(floor, 0, highest)
            if floor_k is None:
                raise GoalError(f"floor={floor!r} is not a number of tricks from 0 to {highest}"
                                + ("" if cap is None else f" (below the cap, {cap})"))
            floor = floor_k
            if g.kind == "exact":
                raise GoalError("floor goes with the goals max and min: an exact target has no count")
        k = g.k if g.kind == "exact" else -1 if cap is None else cap
        out = self._search(position, played, mask, _GOAL_CODES[g.kind], k, nodes, seconds, floor or 0)
        assert not isinstance(out, bool)
        best, values = out
        as_bool = g.kind == "exact"
        cards: dict[Card, int] = {CARDS[i]: (bool(v) if as_bool else v) for i, v in values}
        return Solution(g, seats, position.to_move, bool(best) if as_bool else best, cards,
                        self._core.nodes, cap, floor)


    def _search(self, position: Position, played: list[int], team: int, goal: int, k: int, max_nodes: int,
                max_seconds: float, floor: int = 0) -> tuple[int, list[tuple[int, int]]] | bool:
        """The C search (its goal codes), its table allocated at the first call; a limit of 0
        is none there."""
        trump = -1 if position.trump is None else int(position.trump)
        try:
            # from the main thread the search runs the signal handlers now and then: Ctrl-C stops it
            main = threading.current_thread() is threading.main_thread()
            return self._core.solve(position.hands, trump, int(position.leader), played, team, goal, k,
                                    max_nodes, float(max_seconds), floor, main)
        except _CoreTableMemoryError:
            raise TableMemoryError(f"the table's {self.memory_mb} MB cannot be allocated: give the solver"
                                   " less memory (memory_mb; --memory for whist solve)",
                                   f"les {self.memory_mb} Mo de la table ne peuvent être alloués :"
                                   " donnez moins de mémoire au solveur (--memory de whist solve)") from None


_local = threading.local()


def _default_solver() -> Solver:
    s: Solver | None = getattr(_local, "solver", None)
    if s is None:
        s = Solver()
        _local.solver = s
    return s


@overload
def solve(position: Position, team: Iterable[Seat | str] | Side | Seat | str,
          goal: Goal | str = ..., *, at_least: None = None, cap: SupportsIndex | None = None,
          floor: SupportsIndex | None = None, max_nodes: SupportsIndex | None = None,
          max_seconds: float | None = None) -> Solution: ...


@overload
def solve(position: Position, team: Iterable[Seat | str] | Side | Seat | str,
          goal: Goal | str = ..., *, at_least: SupportsIndex, cap: None = None,
          floor: None = None, max_nodes: SupportsIndex | None = None,
          max_seconds: float | None = None) -> bool: ...


def solve(position: Position, team: Iterable[Seat | str] | Side | Seat | str,
          goal: Goal | str = MAX, *, at_least: SupportsIndex | None = None,
          cap: SupportsIndex | None = None, floor: SupportsIndex | None = None,
          max_nodes: SupportsIndex | None = None, max_seconds: float | None = None) -> Solution | bool:
    """Solve with this thread's default :class:`Solver` (its table is reused between calls);
    ``max_nodes`` and ``max_seconds`` bound the search as :meth:`Solver.solve`'s do."""
    solver = _default_solver()
    if at_least is None:
        return solver.solve(position, team, goal, cap=cap, floor=floor, max_nodes=max_nodes,
                            max_seconds=max_seconds)
    if cap is not None or floor is not None:
        raise GoalError(_AT_LEAST_AND_CAP)
    return solver.solve(position, team, goal, at_least=at_least, max_nodes=max_nodes,
                        max_seconds=max_seconds)
