"""The auction of colour whist (RULES.md §5.3–5.5): the ladder, the calls, and the legal next
calls as a function of the auction so far.

An :class:`Auction` is an immutable value: ``to_act``, ``legal_calls()``, ``apply(call)``,
and once it is over, ``result()`` (the contract, its declarers, or ``None`` when all passed).

>>> from whist.rules import preset
>>> a = Auction.start(preset("couleur"), Seat.N)  # N is eldest hand
>>> a = a.apply(parse_call("propose S")).apply(parse_call("accept"))
>>> for text in ("propose H", "pass", "pass", "pass"):
...     a = a.apply(parse_call(text))
>>> a.is_over, a.result().contract.text, a.result().declarers
(True, 'emballage 8 S', (<Seat.N: 0>, <Seat.E: 1>))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import ClassVar

from whist.actions import IllegalAction
from whist.cards import Lang, ParseError, Refusal, Seat, Suit, parse_suit
from whist.contracts import KINDS, SUIT_LINKS, Contract, Levels, parse_contract
from whist.rules import Rules

__all__ = ["Auction", "AuctionResult", "Bid", "ColourCall", "MisereJoined", "NotACall", "SuitAlone",
           "contract_levels", "ladder", "not_on_ladder", "parse_call"]

# Suit rank for bids of the same row (§5.2): spades < clubs < diamonds < hearts.
SUIT_RANK = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}
_BID_SUITS = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)

_Reason = Callable[[], tuple[str, str]]
"""Why a bid is refused, in English and French, built only when a player is told."""

# (kind, level, option that must be on, or "")
_COULEUR_LADDER: tuple[tuple[str, int | None, str], ...] = (
    ("emballage", 8, ""), ("emballage", 9, "overbids"), ("solo", 6, ""),
    ("emballage", 10, "overbids"), ("solo", 7, ""), ("piccolissimo", None, "piccolo"),
    ("emballage", 11, "overbids"), ("petite_misere", None, ""), ("solo", 8, ""),
    ("piccolo", None, "piccolo"), ("emballage", 12, "overbids"), ("abondance", 9, ""),
    ("abondance_sur_table", None, "abondance_sur_table"), ("trou", None, ""),
    ("grande_misere", None, ""), ("grande_misere_sur_table", None, "grande_misere_sur_table"),
    ("chelem", None, ""),
)
_PAGAT_LADDER: tuple[tuple[str, int | None, str], ...] = (
    ("emballage", 8, ""), ("solo", 5, ""), ("emballage", 9, "overbids"), ("solo", 6, ""),
    ("emballage", 10, "overbids"), ("solo", 7, ""), ("emballage", 11, "overbids"),
    ("petite_misere", None, ""), ("emballage", 12, "overbids"), ("solo", 8, ""),
    ("piccolo", None, "piccolo"), ("emballage", 13, "overbids"), ("abondance", 9, ""),
    ("trou", None, ""), ("grande_misere", None, ""), ("abondance", 10, ""), ("abondance", 11, ""),
    ("grande_misere_sur_table", None, "grande_misere_sur_table"), ("abondance", 12, ""),
    ("chelem", None, ""),
)
# One-player contracts ("contrat solitaire"): forbidden after waiting (§5.4 rule 2).
_MISERES = ("petite_misere", "grande_misere", "grande_misere_sur_table")
_SOLITARY = {"solo", "piccolissimo", "petite_misere", "grande_misere", "grande_misere_sur_table",
             "abondance", "abondance_sur_table", "chelem"}


def _is_solitary(rules: Rules, kind: str) -> bool:
    """A one-player contract of the preset: pagat's piccolo is one too (§5.5), couleur's is not."""
    return kind in _SOLITARY or (kind == "piccolo" and rules.style == "pagat")


def contract_levels(rules: Rules) -> Levels:
    """The levels each kind of contract has on the preset's ladder with its options, low to high
    (for :func:`~whist.contracts.parse_contract`)."""
    rows = ladder(rules)
    return lambda kind: tuple(sorted(lv for k, lv in rows if k == kind and lv is not None))


@functools.lru_cache(maxsize=64)
def ladder(rules: Rules) -> tuple[tuple[str, int | None], ...]:
    """The rows of the preset's ladder, low to high, with the options' rows left out (§5.5)."""
    rows = _PAGAT_LADDER if rules.style == "pagat" else _COULEUR_LADDER
    return tuple((k, lv) for k, lv, opt in rows if not opt or getattr(rules, opt))


_ROWS = {style: {(k, lv): i for i, (k, lv, _) in enumerate(rows)}
         for style, rows in (("couleur", _COULEUR_LADDER), ("pagat", _PAGAT_LADDER))}


def not_on_ladder(rules: Rules, c: Contract) -> Refusal | None:
    """Why ``c`` is not a contract at this table (the preset with the options of ``rules``), in
    English and French, naming the levels its kind has here; ``None`` if it is on the ladder. The
    auction gives it for a bid, the score sheet for an entry (its ``rules`` with every option on).
    Only a kind one of the preset's options adds is "not played … with these options"."""
    if (c.kind, c.level if KINDS[c.kind].levels else None) in ladder(rules):
        return None
    known = ", ".join(str(lv) for lv in contract_levels(rules)(c.kind))
    bare = Contract(c.kind, c.level)
    if c.level is not None and known:
        return Refusal(f"{bare.text} does not exist in {rules.preset} ({KINDS[c.kind].en}: {known})",
                       f"{bare.text_fr} n'existe pas dans les règles {rules.preset} ({KINDS[c.kind].fr} :"
                       f" {known})")
    en = f"{bare.text} is not played in {rules.preset}"
    fr = f"{bare.text_fr} ne se joue pas dans les règles {rules.preset}"
    if any(k == c.kind for k, _ in _ROWS[rules.style]):  # another option would add it
        return Refusal(f"{en} with these options", f"{fr} avec ces options")
    return Refusal(en, fr)


def _row(rules: Rules, c: Contract) -> int:
    row = _ROWS[rules.style].get((c.kind, c.level if KINDS[c.kind].levels else None))
    if row is None:
        raise IllegalAction(f"{c.text} is not a contract of {rules.style}",
                            f"{c.text_fr} n'est pas un contrat des règles {rules.style}")
    return row


@functools.lru_cache(maxsize=64)
def _biddable(rules: Rules) -> tuple[Contract, ...]:
    """Every contract that can be bid under ``rules``, up the ladder (suits ♠ ♣ ♦ ♥ in a row)."""
    out: list[Contract] = []
    for kind, level in ladder(rules):
        if kind == "trou":
            continue
        if KINDS[kind].suited:
            out.extend(Contract(kind, level, s) for s in _BID_SUITS)
        else:
            out.append(Contract(kind, level))
    return tuple(out)


def rank(rules: Rules, c: Contract) -> tuple[int, int]:
    """A contract's place: its row of the ladder, then (suited rows only) its suit (§5.2)."""
    return (_row(rules, c), SUIT_RANK[c.suit] if c.suit is not None else 0)


_PLAIN_CALLS = ("pass", "wait", "accept", "trou")
"""The calls that name no contract."""


class ColourCall:
    """A call of colour whist: ``pass``, ``wait``, ``accept``, ``trou``, or a bid (a contract).

    Texts: ``pass``, ``wait``, ``accept``, ``trou``, ``propose H`` (emballage 8),
    ``emballage 9 H``, ``solo 7 H``, ``small misère``, ``abondance 9 S``, ``slam H`` …
    """

    __slots__ = ("contract", "kind", "text")

    kind: str
    contract: Contract | None
    text: str
    _plain: ClassVar[tuple[str, ...]] = _PLAIN_CALLS

    def __init__(self, kind: str, contract: Contract | None = None) -> None:
        if contract is None and kind not in self._plain:
            raise ValueError(f"ColourCall({kind!r}) is no call: read a call from its text with"
                             f" parse_call({kind!r}), or use PASS, WAIT, ACCEPT or TROU"
                             f" (whist.auction)")
        if contract is not None and kind != "bid":
            raise ValueError(f"a bid is ColourCall('bid', contract), not ColourCall({kind!r}, …)")
        self.kind = kind
        self.contract = contract
        if contract is None:
            self.text = kind
        elif contract.kind == "emballage" and contract.level == 8 and contract.suit is not None:
            self.text = f"propose {contract.suit.letter}"
        else:
            self.text = contract.text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ColourCall) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"ColourCall({self.text!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def text_fr(self) -> str:
        if self.contract is not None:
            if (self.contract.kind == "emballage" and self.contract.level == 8
                    and self.contract.suit is not None):
                return f"propose {self.contract.suit.name_fr}"
            return self.contract.text_fr
        return {"pass": "passe", "wait": "j'attends", "accept": "j'emballe", "trou": "trou"}[self.kind]


PASS = ColourCall("pass")
WAIT = ColourCall("wait")
ACCEPT = ColourCall("accept")
TROU = ColourCall("trou")

_WORDS = {
    "pass": PASS, "passe": PASS, "je passe": PASS, "p": PASS, "pas": PASS, "no bid": PASS,
    "wait": WAIT, "premier": WAIT, "j'attends": WAIT, "jattends": WAIT, "attends": WAIT,
    "j’attends": WAIT, "j attends": WAIT, "wachten": WAIT,
    "accept": ACCEPT, "emballe": ACCEPT, "j'emballe": ACCEPT, "j’emballe": ACCEPT,
    "jemballe": ACCEPT, "j emballe": ACCEPT, "j'accepte": ACCEPT, "j’accepte": ACCEPT,
    "jaccepte": ACCEPT, "accepte": ACCEPT,
    "join": ACCEPT, "meegaan": ACCEPT, "mee": ACCEPT,
    "trou": TROU, "troel": TROU,
}
"""The calls that name no contract, each as players say it (a contract's names are its
:class:`~whist.contracts.Kind`'s, the words clubs misspell in it :data:`~whist.contracts.MISSPELLINGS`)."""


def Bid(contract: Contract) -> ColourCall:
    """The call that bids ``contract``."""
    return ColourCall("bid", contract)


@functools.lru_cache(maxsize=64)
def _bid_calls(rules: Rules) -> tuple[ColourCall, ...]:
    """The calls that bid each of :func:`_biddable`'s contracts, made once per set of rules."""
    return tuple(Bid(c) for c in _biddable(rules))


_EXAMPLES = (PASS, WAIT, ACCEPT, Bid(Contract("emballage", 8, Suit.HEARTS)),
             Bid(Contract("solo", 7, Suit.HEARTS)), Bid(Contract("petite_misere")),
             Bid(Contract("abondance", 9, Suit.SPADES)))
"""Calls shown as examples when a text is no call, as the game says them (``pass``, ``propose H``,
``small misère`` …; in French ``passe``, ``propose cœur`` …)."""
_PROPOSE_FR = _EXAMPLES[3].text_fr


def _example(call: ColourCall, lang: Lang) -> str:
    """``call`` as the game says it in ``lang``, a proposal with the suit alone that makes it too
    (:class:`SuitAlone`): ``propose H (or hearts alone)``, ``propose cœur (ou cœur seul)``."""
    c = call.contract
    if c is None or c.suit is None or not call.text.startswith("propose "):
        return call.text_fr if lang == "fr" else call.text
    if lang == "fr":
        return f"{call.text_fr} (ou {c.suit.name_fr} seul)"
    return f"{call.text} (or {c.suit.name_en} alone)"


class SuitAlone(ColourCall):
    """A suit named alone (« cœur », "hearts", ``♥``): the proposal of that suit, as a table says
    it (seed 003: a player « annonce une couleur »; RULES.md §5.4 rule 3), where that is a legal
    call; :meth:`Auction.apply` refuses it otherwise, saying why and what may be typed. It is
    never read as another call: not as accepting a proposal of that suit (« j'emballe »), nor as a
    higher emballage or a solo. ``typed``: the text, as a refusal echoes it."""

    __slots__ = ("typed",)

    contract: Contract
    typed: str

    def __init__(self, suit: Suit, typed: str) -> None:
        super().__init__("bid", Contract("emballage", 8, suit))
        self.typed = typed

    def __repr__(self) -> str:
        return f"SuitAlone({self.typed!r})"

    @property
    def suit(self) -> Suit:
        """The suit typed."""
        suit = self.contract.suit
        assert suit is not None  # (a proposal names its suit)
        return suit

    @property
    def proposal(self) -> ColourCall:
        """The call it makes where that is legal, ``propose H``: itself, as the calls keep it (a
        plain bid, not the text typed)."""
        return Bid(self.contract)


class MisereJoined(ColourCall):
    """« emballage de misère » (seed 003: "2 misères (=emballage de misère)"): joining the misère
    that is the top bid, which in `couleur` is accepting it (RULES.md §5.4 rule 4, D6) and in
    `pagat` bidding it too. :meth:`Auction.apply` takes it as that call where it is legal and
    refuses it otherwise, saying why; it is never kept as a call. ``typed``: the text, as a
    refusal echoes it."""

    __slots__ = ("typed",)

    typed: str
    _plain = ("join",)

    def __init__(self, typed: str) -> None:
        super().__init__("join")
        self.text = self.typed = typed

    def __repr__(self) -> str:
        return f"MisereJoined({self.typed!r})"

    @property
    def text_fr(self) -> str:
        return self.typed


_MISERE_JOINED = frozenset({"emballage de misère", "emballage de misere"})
"""The seed's words for joining a misère (:class:`MisereJoined`)."""


class NotACall(ParseError):
    """Text that names no call at all (not a call refused for its level, its suit or a word
    missing): a suit's letter alone, or words that are no call."""


def parse_call(text: str, levels: Levels | None = None, lang: Lang = "en") -> ColourCall:
    """Read a call in English or French: ``pass``/``passe``, ``wait``/``j'attends``,
    ``accept``/``j'emballe``, ``propose H``/``propose cœur``, ``solo 7 H``, ``petite misère`` …,
    ``emballage de misère`` (a :class:`MisereJoined`, which joins the misère on top),
    a suit named alone (``cœur``, ``hearts``, ``♥``: a :class:`SuitAlone`, which proposes it
    where that is legal; its letter alone, ``C``, is refused: the terminal reads ``s``, ``t`` and
    ``h`` as commands and ``p`` is a pass, so that no letter is a proposal);
    ``levels``: those of the table's contracts (:func:`contract_levels`), named when one is not;
    ``lang``: how the suit letter ``C`` reads (clubs in English, cœur in French: ``propose C``
    is a proposal of hearts for a player who types in French, as ``RC`` is the king of hearts)."""
    t = " ".join(text.strip().lower().split())
    if t in _WORDS:
        return _WORDS[t]
    if t in _MISERE_JOINED:
        return MisereJoined(text.strip())
    words = t.split()
    if len(words) == 1:
        try:  # a suit alone, as a table says it: « cœur »
            suit = parse_suit(t, lang)
        except ParseError:
            pass
        else:
            alone = SuitAlone(suit, text.strip())
            if not (len(t) == 1 and t.isascii() and t.isalpha()):
                return alone
            raise NotACall(f"{text!r}: a letter alone is no call; to propose {suit.name_en}, type"
                           f" '{suit.name_en}' or '{alone.text}'",
                           f"« {text} » : une lettre seule n'est pas une annonce ; pour proposer"
                           f" {suit.name_fr}, tapez « {suit.name_fr} » ou « {alone.text_fr} »")
    if words[:1] == ["je"] and words[1:2] in (["propose"], ["proposer"]):  # je propose cœur
        words = words[1:]
    if words and words[0] in ("propose", "proposal", "proposer", "vraag", "vragen"):
        rest = [w for w in words[1:] if w not in ("propose", "proposer")]
        if len(rest) > 1 and rest[-2] in SUIT_LINKS:  # propose à cœur
            rest = rest[:-2] + rest[-1:]
        if not rest:
            raise ParseError("propose what? name a suit: propose H",
                             "proposer quelle couleur ? tapez par exemple « propose C » ou"
                             f" « {_PROPOSE_FR} »")
        level = 8
        if rest[0].isascii() and rest[0].isdigit():  # not '¹', which int() refuses
            level = int(rest[0])
            rest = rest[1:]
        if len(rest) != 1:
            raise ParseError(f"{text!r}: propose takes one suit, like 'propose H'",
                             f"« {text} » : on propose une seule couleur, comme « propose C »"
                             f" ou « {_PROPOSE_FR} »")
        return Bid(Contract("emballage", level, parse_suit(rest[0], lang)))
    try:
        c = parse_contract(t, levels=levels, lang=lang)
    except ParseError as exc:
        if "is not a contract" not in str(exc):
            raise  # a known contract with a wrong level says so
        en, fr = (", ".join(_example(e, "en") for e in _EXAMPLES),
                  ", ".join(_example(e, "fr") for e in _EXAMPLES))
        raise NotACall(f"{text!r} is not a call ({en}, …)",
                         f"« {text} » n'est pas une annonce ({fr}, …)") from None
    if KINDS[c.kind].suited and c.suit is None:
        example = Contract(c.kind, c.level, Suit.HEARTS)
        typed_fr = example.text_fr.removesuffix(Suit.HEARTS.name_fr) + "C"  # C is cœur in French
        raise ParseError(f"{c.text}: name the trump suit too, like '{example.text}'",
                         f"{c.text_fr} : nommez aussi la couleur d'atout, comme « {typed_fr} »"
                         f" ou « {example.text_fr} »")
    return Bid(c)


@dataclass(frozen=True, slots=True)
class Standing:
    """A bid on the table: its contract and its players (maker first); ``counts`` when it can be
    played (§5.4 terms)."""

    contract: Contract
    seats: tuple[Seat, ...]
    counts: bool


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """The outcome: the contract and its declarers, or ``contract=None`` when all passed."""

    contract: Contract | None
    declarers: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class Auction:
    """The auction so far (§5.4): the standing bids, who passed, who waited, who speaks next."""

    rules: Rules
    eldest: Seat
    to_act: Seat | None
    bids: tuple[Standing, ...] = ()
    passed: frozenset[Seat] = frozenset()
    waited: Seat | None = None
    spoken: frozenset[Seat] = frozenset()
    calls: tuple[tuple[Seat, ColourCall], ...] = ()
    hands: tuple[int, int, int, int] = (0, 0, 0, 0)
    hidden: frozenset[Seat] = frozenset()
    """Players of the trou who are still called (trou_surprise: the hidden partner)."""

    @staticmethod
    def start(rules: Rules, eldest: Seat, hands: tuple[int, int, int, int] = (0, 0, 0, 0),
              trou: tuple[Seat, Seat] | None = None, surprise: bool = False) -> Auction:
        """A new auction from ``eldest``; a trou (caller, partner) is its first counting bid (§5.3).
        ``hands`` are needed only for ``propose_needs_card``."""
        bids: tuple[Standing, ...] = ()
        hidden: frozenset[Seat] = frozenset()
        if trou is not None:
            bids = (Standing(Contract("trou"), trou, True),)
            if surprise:
                hidden = frozenset({trou[1]})
        a = Auction(rules, eldest, eldest, bids, hands=hands, hidden=hidden)
        return replace(a, to_act=a._next_caller(eldest, first=True))

    # ----- terms ----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def top(self) -> Standing | None:
        return self.bids[-1] if self.bids else None

    @property
    def acceptable(self) -> Standing | None:
        """The bid an ``accept`` takes (§5.4 rule 4): the top bid, while the auction is on, when it
        is an unaccepted emballage (a proposal, or a raise made alone) or, in the couleur style, a
        misère or piccolo bid alone; ``None`` when there is none."""
        top = self.top
        return top if top is not None and not self.is_over and self._may_accept(top) else None

    def meant(self, call: ColourCall) -> ColourCall:
        """The call a player meant: the emballage of the top bid while it awaits a partner
        (``emballage 8 ♦``, ``propose ♦`` over East's proposal of diamonds), which can only be
        bid again by joining it, is ``accept``, the contract being called by its name (as the
        game itself names it once accepted); not a suit alone (« carreau », :class:`SuitAlone`),
        which proposes or is refused; any other call as it is.

        >>> from whist.rules import preset
        >>> a = Auction.start(preset("couleur"), Seat.N).apply(parse_call("propose D"))
        >>> a.meant(parse_call("emballage 8 D")) == ACCEPT, a.meant(parse_call("propose H")).text
        (True, 'propose H')
        """
        top = self.acceptable
        if (call.kind == "bid" and top is not None and call.contract == top.contract
                and call.contract.kind == "emballage" and ACCEPT in self.legal_calls()
                and not isinstance(call, SuitAlone)):  # « cœur » proposes, or is refused
            return ACCEPT
        return call

    def highest_counting(self) -> Standing | None:
        for b in reversed(self.bids):
            if b.counts:
                return b
        return None

    def is_bound(self, seat: Seat) -> bool:
        """Part of a counting bid (the hidden trou partner is not: he is called as a free player)."""
        return any(b.counts and seat in b.seats for b in self.bids) and seat not in self.hidden

    def _pair_of(self, seat: Seat) -> Standing | None:
        for b in self.bids:
            if b.counts and b.contract.kind == "emballage" and seat in b.seats:
                return b
        return None

    def speaks_for_pair(self, seat: Seat) -> bool:
        """The acceptor of a pair, or its proposer once the acceptor has passed (§5.4 rule 6)."""
        p = self._pair_of(seat)
        if p is None:
            return False
        proposer, acceptor = p.seats
        return seat is acceptor or (seat is proposer and acceptor in self.passed)

    def _skipped(self, seat: Seat) -> bool:
        """Rule 1: passed; part of the top bid that counts; proposer of a pair whose acceptor
        still speaks."""
        if seat in self.passed:
            return True
        top = self.top
        if top is not None and top.counts and seat in top.seats and seat not in self.hidden:
            return True
        p = self._pair_of(seat)
        return p is not None and seat is p.seats[0] and p.seats[1] not in self.passed

    def _next_caller(self, after: Seat, first: bool = False) -> Seat | None:
        """The next seat clockwise that is not skipped (``after`` itself last, or first when
        ``first``); ``None`` when nobody is left to call: the auction is over (rule 8)."""
        order = [Seat((after + i) & 3) for i in range(1, 5)]
        if first:
            order = [after, *order[:3]]
        for seat in order:
            if not self._skipped(seat):
                return seat
        return None

    def _free_others(self, seat: Seat) -> list[Seat]:
        return [s for s in Seat if s is not seat and s not in self.passed and not self.is_bound(s)]

    def beats(self, c: Contract, over: Contract | None) -> bool:
        return over is None or rank(self.rules, c) > rank(self.rules, over)

    # ----- the legal calls ---------------------------------------------------------------------

    def legal_calls(self) -> tuple[ColourCall, ...]:
        """Every legal call of ``to_act``: pass first, then wait, accept, then bids up the ladder
        (suits ♠ ♣ ♦ ♥ within a row)."""
        seat = self.to_act
        if seat is None:
            return ()
        top = self.top
        refused = self._bid_judge(seat)
        bids = [b for b in _bid_calls(self.rules) if b.contract is not None
                and refused(b.contract) is None]
        if (top is not None and not top.counts and top.seats[0] is seat) or self.is_bound(seat):
            return (PASS, *bids)  # rule 7, rule 5: only pass or the bids those rules leave
        out: list[ColourCall] = [PASS]
        if seat is self.eldest and not self.spoken and self.waited is None:
            out.append(WAIT)
        if top is not None and seat not in top.seats and self._may_accept(top):
            out.append(ACCEPT)
        return (*out, *bids)

    def _may_accept(self, top: Standing) -> bool:
        k = top.contract.kind
        if k == "emballage":
            return not top.counts
        if self.rules.style == "couleur":
            return k in ("petite_misere", "grande_misere", "piccolo") and len(top.seats) == 1
        return False

    def _supremacy_blocks(self, c: Contract) -> bool:
        top = self.top
        return (self.rules.solo_supremacy and top is not None and top.contract.kind == "solo"
                and c.kind == "emballage" and (c.level or 0) >= 9)

    def _joins(self, seat: Seat, c: Contract, top: Standing | None) -> bool:
        """``c`` joins the top bid: a `pagat` misère or piccolo, bid again by another player."""
        return (self.rules.style == "pagat" and top is not None and top.contract == c
                and c.kind in (*_MISERES, "piccolo")
                and seat not in top.seats)

    # ----- applying a call ---------------------------------------------------------------------

    def apply(self, call: ColourCall | str) -> Auction:
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the auction is over", "les annonces sont terminées")
        if isinstance(call, str):
            call = parse_call(call, contract_levels(self.rules))
        legal = self.legal_calls()
        if isinstance(call, MisereJoined):
            call = self._misere_joining(seat, legal) or call  # « emballage de misère »: j'emballe
        if call not in legal:
            en, fr = self._why_not(seat, call, legal)
            raise IllegalAction(en, fr)
        if isinstance(call, SuitAlone):
            call = call.proposal  # as the calls keep it
        bids = list(self.bids)
        passed = self.passed
        waited = self.waited
        hidden = self.hidden
        if call.kind == "pass":
            passed = passed | {seat}
            top = self.top
            if top is not None and not top.counts and top.seats[0] is seat:
                bids.pop()  # rule 7: the pass withdraws his unaccepted proposal or piccolo
        elif call.kind == "wait":
            waited = seat
        elif call.kind == "accept":
            top = bids.pop()
            bids.append(Standing(top.contract, (*top.seats, seat), True))
            hidden = hidden - {seat}  # the hidden trou partner who joins a bid is bound by it
        else:
            assert call.contract is not None
            c = call.contract
            top = self.top
            if top is not None and top.contract == c and self.rules.style == "pagat":
                bids.pop()  # pagat: joining a misère or piccolo by bidding it too
                bids.append(Standing(c, (*top.seats, seat), True))
            else:
                if top is not None and not top.counts:
                    bids.pop()  # an unaccepted proposal or unjoined piccolo dies when beaten
                pair = self._pair_of(seat)
                if pair is not None and c.kind == "emballage":
                    bids.remove(pair)  # a raise of the pair: it counts at once
                    bids.append(Standing(c, pair.seats, True))
                else:
                    alone_counts = not (c.kind == "emballage"
                                        or (c.kind == "piccolo" and self.rules.style == "couleur"))
                    bids.append(Standing(c, (seat,), alone_counts))
            if seat in hidden:
                hidden = hidden - {seat}
        a = replace(self, bids=tuple(bids), passed=passed, waited=waited, hidden=hidden,
                    spoken=self.spoken | {seat}, calls=(*self.calls, (seat, call)))
        return replace(a, to_act=a._next_caller(seat))

    def _why_not(self, seat: Seat, call: ColourCall, legal: tuple[ColourCall, ...]) -> tuple[str, str]:
        """Why ``call`` is refused, in English and in French; the legal calls as they may be typed
        in each language (:func:`parse_call` reads ``text_fr`` too: ``passe``, ``propose pique``).
        A suit typed alone is named as typed, with the proposal it reads as."""
        more = ", …" if len(legal) > 8 else ""
        shown = ", ".join(c.text for c in legal[:8]) + more
        shown_fr = ", ".join(c.text_fr for c in legal[:8]) + more
        if isinstance(call, SuitAlone):
            head = (f"'{call.typed}', that is '{call.text}'",
                    f"« {call.typed} », c'est-à-dire « {call.text_fr} »")
            reason = self._alone_refused(seat, call, legal)
        elif isinstance(call, MisereJoined):
            head = (f"'{call.typed}'", f"« {call.typed} »")
            reason = self._join_refused(seat, legal)
        else:
            head = (call.text, call.text_fr)
            reason = self._refused(seat, call, legal)
        return (f"{head[0]}: {reason[0]}. Legal calls: {shown}",
                f"{head[1]} : {reason[1]}. Annonces permises : {shown_fr}")

    def _refused(self, seat: Seat, call: ColourCall, legal: tuple[ColourCall, ...]) -> tuple[str, str]:
        """The rule that refuses ``call`` (:meth:`_why_not`), in English and in French."""
        if call.kind == "wait":
            reason = ("only eldest hand may wait, and only as his first call",
                      "seul le joueur à gauche du donneur peut attendre, et seulement à sa"
                      " première annonce")
        elif call.kind == "accept":
            top = self.top
            if top is not None and KINDS[top.contract.kind].is_misere and Bid(top.contract) in legal:
                # pagat: a misère or a piccolo is joined by bidding it too, not by accepting it
                kind = KINDS[top.contract.kind]
                reason = (f"in {self.rules.style} a {kind.en} is joined by bidding it too: type"
                          f" '{top.contract.text}'",
                          f"aux règles {self.rules.style}, on rejoint {kind.fr_the} en l'annonçant"
                          f" aussi : tapez « {top.contract.text_fr} »")
            elif (top is not None and self.rules.style == "couleur" and seat not in top.seats
                  and KINDS[top.contract.kind].is_misere):
                # couleur: a misère or a piccolo of one player is joined by accepting it
                kind = KINDS[top.contract.kind]
                it = "la" if kind.feminine else "le"
                if len(top.seats) > 1:
                    reason = (f"the {kind.en} has its two players already: it cannot be joined again",
                              f"{kind.fr_the} a déjà ses deux joueurs : on ne peut plus {it} rejoindre")
                else:
                    reason = (f"the {kind.en} is played by one player only: it cannot be joined",
                              f"{kind.fr_the} ne se joue qu'à un : on ne peut pas {it} rejoindre")
            else:
                reason = ("there is no proposal (or misère, piccolo) of another player to accept",
                          "il n'y a pas de proposition (ni de misère, ni de piccolo) d'un autre joueur"
                          " à accepter")
        elif call.kind == "trou":
            reason = ("trou is announced before the auction by the holder of three aces",
                      "le trou s'annonce avant les autres annonces, par le joueur qui a trois as")
        else:
            assert call.contract is not None
            missing = not_on_ladder(self.rules, call.contract)
            why = (self._bid_judge(seat)(call.contract) if missing is None
                   else lambda: (missing.en, missing.fr))
            reason = why() if why is not None else (
                "the rules do not allow it now", "les règles ne la permettent pas maintenant")
            top = self.acceptable
            if ACCEPT in legal and top is not None and top.contract == call.contract:
                # the bid on top, made again: it is joined by accepting it (§5.4 rule 4, D6)
                kind = KINDS[top.contract.kind]
                that = (("that proposal", "cette proposition") if kind.key == "emballage"
                        else (f"that {kind.en}", f"{'cette' if kind.feminine else 'ce'} {kind.fr}"))
                reason = (f"{reason[0]}; to join {that[0]}, type 'accept'",
                          f"{reason[1]} ; pour emballer {that[1]}, tapez « j'emballe »")
        return reason

    def _misere_joining(self, seat: Seat, legal: tuple[ColourCall, ...]) -> ColourCall | None:
        """The legal call that joins the misère on top (« emballage de misère », :class:`MisereJoined`):
        ``accept`` in `couleur`, the same misère bid again in `pagat` (RULES.md §5.4 rule 4, D6);
        ``None`` where there is none."""
        top = self.top
        if top is None or top.contract.kind not in _MISERES:
            return None
        if ACCEPT in legal and self.acceptable is top:
            return ACCEPT
        bid = Bid(top.contract)
        return bid if bid in legal and self._joins(seat, top.contract, top) else None

    def _join_refused(self, seat: Seat, legal: tuple[ColourCall, ...]) -> tuple[str, str]:
        """Why « emballage de misère » joins nothing now (:meth:`_why_not`): the misère on top cannot
        be joined (the reason ``accept`` is refused), or the top bid is no misère."""
        top = self.top
        if top is not None and top.contract.kind in _MISERES:
            return self._refused(seat, ACCEPT, legal)
        en = "an emballage de misère joins a misère, and the top bid is no misère"
        fr = "un emballage de misère rejoint une misère, et la plus haute annonce n'en est pas une"
        if top is None:
            return ("an emballage de misère joins a misère, and nobody has bid one",
                    "un emballage de misère rejoint une misère, et personne n'en a annoncé")
        said = top.contract if top.counts else Bid(top.contract)
        en, fr = f"{en} ({said.text})", f"{fr} ({said.text_fr})"
        if ACCEPT in legal:
            en, fr = f"{en}; to join it, type 'accept'", f"{fr} ; pour l'emballer, tapez « j'emballe »"
        return en, fr

    def _alone_refused(self, seat: Seat, call: SuitAlone, legal: tuple[ColourCall, ...]) -> tuple[str, str]:
        """Why the proposal a suit typed alone reads as is refused (:meth:`_refused`), and what to
        type instead in that suit where there is something: « j'emballe » joins the proposal of
        that suit on the table; a higher emballage is typed with its level. A suit alone stands for
        nothing else (seed 003: « annoncer une couleur »)."""
        proposal, suit, top = call.proposal, call.suit, self.acceptable
        if (ACCEPT in legal and top is not None and top.contract.kind == "emballage"
                and top.contract.suit is suit):
            said = Bid(top.contract)  # propose ♥, or a higher emballage ♥ made alone
            on = ("", "") if said == proposal else (f" ({said.text})", f" ({said.text_fr})")
            return (f"{suit.name_en} are proposed already{on[0]}; to join that proposal, type 'accept'",
                    f"{suit.name_fr} est déjà proposé{on[1]} ; pour emballer cette proposition, tapez"
                    " « j'emballe »")
        en, fr = self._refused(seat, proposal, legal)
        higher = next((c for c in legal if c.contract is not None and c.contract.kind == "emballage"
                       and c.contract.suit is suit), None)
        if higher is not None:
            en += f"; in {suit.name_en} you may bid '{higher.text}'"
            fr += f" ; en {suit.name_fr}, vous pouvez annoncer « {higher.text_fr} »"
        return en, fr

    def _bid_judge(self, seat: Seat) -> Callable[[Contract], _Reason | None]:
        """For ``seat``, a function of a contract: ``None`` when ``seat`` may bid it now, else the
        rule of §5.4 that refuses it, in English and French (built only when asked). The legal
        calls are the bids it allows, so the rules and the reasons given for them are one piece
        of code; what depends only on the seat is worked out once, not for every contract."""
        rules = self.rules
        top = self.top
        hand = self.hands[seat]
        couleur = rules.style == "couleur"
        free_others = bool(self._free_others(seat))
        beats = self.beats

        def not_beating(top: Standing) -> _Reason:
            said = top.contract if top.counts else Bid(top.contract)  # an unaccepted proposal: "propose ♥"
            return lambda: (f"it does not beat the top bid ({said.text})",
                            f"cette annonce ne bat pas la plus haute annonce ({said.text_fr})")

        def supremacy(c: Contract) -> _Reason | None:
            if not self._supremacy_blocks(c):
                return None
            return lambda: ("while a solo is the top bid nobody may bid emballage 9 or higher (solo"
                            " supremacy)", "tant qu'un solo est la plus haute annonce, personne ne"
                            " peut annoncer d'emballage à 9 ou plus (suprématie du solo)")

        def free(c: Contract, top: Standing | None) -> _Reason | None:
            """A seat that rules 5 and 7 leave free, bidding over ``top``."""
            # after waiting: no one-player contract; joining a pagat misère is allowed
            if seat is self.waited and _is_solitary(rules, c.kind) and not (
                    not couleur and top is not None and top.contract == c and KINDS[c.kind].is_misere):
                return lambda: ("after waiting you may not bid a one-player contract",
                                "après avoir attendu, vous ne pouvez plus annoncer de contrat solitaire")
            if top is not None and not self._joins(seat, c, top) and not beats(c, top.contract):
                return not_beating(top)
            suit = c.suit
            if c.kind == "emballage":
                blocked = supremacy(c)
                if blocked is not None:
                    return blocked
                if rules.propose_needs_card and suit is not None and hand and not hand & suit.mask:
                    return lambda: ("a proposer must hold a card of the suit, and you have no"
                                    f" {suit.name_en}", "il faut avoir une carte de la couleur proposée,"
                                    f" et vous n'avez pas de {suit.name_fr}")
            if (c.kind == "emballage" or (c.kind == "piccolo" and couleur)) and not free_others:
                return lambda: ("nobody who has not passed is free to accept it",  # rule 3, rule 5
                                "plus personne (qui n'a pas passé) n'est libre de l'emballer")
            return None

        if top is not None and not top.counts and top.seats[0] is seat:  # rule 7
            highest = self.highest_counting()
            over = highest.contract if highest is not None else None
            proposal = top.contract.suit if top.contract.kind == "emballage" else None

            def maker(c: Contract) -> _Reason | None:
                if seat is self.waited:
                    return lambda: ("nobody is left to accept your bid, and after waiting you may only"
                                    " pass", "plus personne ne peut emballer votre annonce, et après"
                                    " avoir attendu vous ne pouvez que passer")
                if proposal is not None:
                    if c.kind == "solo" and c.suit is proposal and c.level in (5, 6, 7, 8) and beats(c, over):
                        return None
                    beating = ("", "") if over is None else (
                        " that beats the highest counting bid",
                        " plus fort que la plus haute annonce qui compte")
                    return lambda: ("nobody is left to accept your proposal: bid a solo in"
                                    f" {proposal.name_en}{beating[0]}, or pass, which withdraws it",
                                    "plus personne ne peut emballer votre proposition : annoncez un solo"
                                    f" {proposal.name_fr}{beating[1]}, ou passez, ce qui la retire")
                if not beats(c, over):
                    assert over is not None
                    return lambda: (f"it does not beat the highest counting bid ({over.text})",
                                    "cette annonce ne bat pas la plus haute annonce qui compte"
                                    f" ({over.text_fr})")
                return free(c, None)
            return maker
        if self.is_bound(seat):  # rule 5
            pair = self._pair_of(seat)
            speaks = rules.overbids and self.speaks_for_pair(seat)

            own = next(b.contract for b in reversed(self.bids) if b.counts and seat in b.seats)

            def bound(c: Contract) -> _Reason | None:
                if pair is None and own.kind == "trou":
                    return lambda: ("the players of a trou may only pass once it is overbid",
                                    "les joueurs du trou ne peuvent que passer quand il est surenchéri")
                if pair is None:  # a solo, a misère, a piccolo: nothing to raise
                    return lambda: (f"your {own.text} counts and binds you: you may only pass",
                                    f"votre {own.text_fr} compte"
                                    " et vous engage : vous ne pouvez que passer")
                if not speaks:
                    return lambda: ("you are bound to your pair: you may only pass",
                                    "vous êtes lié à votre emballage : vous ne pouvez que passer")
                if c.kind != "emballage" or c.suit is not pair.contract.suit:
                    return lambda: ("you are bound to your pair: you may only raise it (emballage in its"
                                    " suit) or pass", "vous êtes lié à votre emballage : vous ne pouvez"
                                    " que le monter (emballage plus haut dans sa couleur) ou passer")
                if not beats(c, pair.contract) or not beats(c, top.contract if top else None):
                    return not_beating(top or pair)
                return supremacy(c)
            return bound
        return lambda c: free(c, top)

    def result(self) -> AuctionResult:
        """The contract when the auction is over: the highest counting bid (rule 8)."""
        if not self.is_over:
            raise IllegalAction("the auction is not over", "les annonces ne sont pas terminées")
        best = self.highest_counting()
        if best is None:
            return AuctionResult(None, ())
        return AuctionResult(best.contract, best.seats)
