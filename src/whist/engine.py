"""The classic whist game state machine (RULES.md §1–4).

A :class:`ClassicDeal` is one deal: an immutable value. ``to_act`` is the seat to
decide (``None`` once the deal is over), ``legal_actions()`` lists what it may do
in a fixed order, and ``apply(action)`` returns the next state or raises
:class:`IllegalAction`. ``view(seat)`` is all that one seat may know.

>>> import random
>>> d = ClassicDeal.shuffled(preset("classic"), Seat.N, random.Random(1))
>>> d.to_act is Seat.E, len(d.legal_actions())
(True, 13)
>>> while d.to_act is not None:
...     d = d.apply(d.legal_actions()[0])
>>> sum(d.tricks_won)
13
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from whist.actions import (
    ASK,
    NO,
    YES,
    Action,
    Call,
    IllegalAction,
    NotYourTurn,
    action_text_fr,
    must_follow,
    not_an_action,
    not_held,
    parse_action,
    require_game,
)
from whist.cards import (
    CARDS,
    SEATS,
    SUIT_CARDS,
    SUIT_MASK,
    Card,
    Deal,
    Seat,
    Side,
    Suit,
    cards_of,
    parse_seat,
)
from whist.rules import Rules, preset
from whist.scoring import (
    DealPoints,
    called_points,
    deal_points,
    may_call_at_eight,
    start_score_fault,
)

__all__ = [
    "ClassicDeal",
    "IllegalAction",
    "NotYourTurn",
    "SeatView",
    "View",
    "honours_mask",
    "legal_cards",
    "trick_winner",
]

_SUIT_MASKS = tuple(SUIT_MASK << (13 * s) for s in range(4))
_PHASE_PLAY, _PHASE_CLAIM, _PHASE_ANSWER, _PHASE_OVER = 0, 1, 2, 3


def honours_mask(trump: Suit) -> int:
    """The mask of A K Q J of ``trump``."""
    return 0xF << (13 * trump + 9)


def legal_cards(hand: int, led: Suit | None, trump: Suit | None = None,
                must_trump: bool = False) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``
    (``None`` when leading): follow suit if able, else any card (RULES.md §1, D18),
    else a trump if ``must_trump`` and one is held."""
    t = SUIT_CARDS
    if led is not None:
        m = (hand >> (13 * led)) & SUIT_MASK
        if m:
            return t[led][m]
        if must_trump and trump is not None:
            m = (hand >> (13 * trump)) & SUIT_MASK
            if m:
                return t[trump][m]
    return (t[0][hand & SUIT_MASK] + t[1][(hand >> 13) & SUIT_MASK]
            + t[2][(hand >> 26) & SUIT_MASK] + t[3][hand >> 39])


def trick_winner(cards: Sequence[Card], leader: Seat, trump: Suit | None) -> Seat:
    """The seat that wins a complete trick: highest trump, else highest card of the suit led."""
    best = cards[0]
    bi = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c.suit is best.suit:
            if c.rank > best.rank:
                best, bi = c, i
        elif c.suit is trump:
            best, bi = c, i
    return SEATS[(leader + bi) & 3]


class _Seen(Protocol):
    """What :class:`SeatView` reads of the view it is mixed into."""

    @property
    def hand(self) -> tuple[Card, ...]: ...

    @property
    def actions(self) -> Sequence[tuple[Seat, object]]: ...

    @property
    def to_act(self) -> Seat | None: ...

    def _face_up(self) -> Iterator[Card]: ...


class SeatView:
    """What a view of classic whist (:class:`View`) and one of colour whist
    (:class:`~whist.couleur.ColourView`) share: the cards played and the cards seen."""

    __slots__ = ()

    @property
    def is_over(self: _Seen) -> bool:
        return self.to_act is None

    def played_cards(self: _Seen) -> list[tuple[Seat, Card]]:
        """Every card played so far, in order, with who played it."""
        return [(s, a) for s, a in self.actions if isinstance(a, Card)]

    def visible_cards(self: _Seen) -> set[Card]:
        """Every card this view shows: own hand, the cards played and those the game shows."""
        out = set(self.hand)
        out.update(a for _, a in self.actions if isinstance(a, Card))
        out.update(self._face_up())
        return out


@dataclass(frozen=True, slots=True)
class View(SeatView):
    """What one seat (or a spectator, ``seat=None``) may know of a deal (RULES.md §1)."""

    seat: Seat | None
    rules: Rules
    dealer: Seat
    hand: tuple[Card, ...]
    trump: Suit | None
    trump_card: Card | None
    trump_card_face_up: bool
    dealer_holds_trump_card: bool
    actions: tuple[tuple[Seat, Action], ...]
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, int, int, int]
    score: tuple[int, int]
    shown: tuple[tuple[Seat, tuple[Card, ...]], ...]
    to_act: Seat | None
    legal: tuple[Action, ...]

    def _face_up(self) -> Iterator[Card]:
        """Besides the hand and the cards played, :meth:`visible_cards` shows the cards shown by
        calls and the turned trump card."""
        for _, cs in self.shown:
            yield from cs
        if self.trump_card is not None:
            yield self.trump_card


class _Setup:
    """What a deal fixes at its start and never changes: shared by all its states."""

    __slots__ = ("askers", "dealer", "dealt", "honours", "must_trump", "rules", "start_score",
                 "trump", "trump_card")

    def __init__(self, rules: Rules, dealer: Seat, dealt: Deal, trump_card: Card,
                 start_score: tuple[int, int]) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dealt = dealt
        self.trump_card = trump_card
        self.trump = trump_card.suit
        self.honours = honours_mask(self.trump)
        self.start_score = start_score
        self.must_trump = rules.must_trump
        self.askers = sum(1 << seat for seat in SEATS
                          if self.at_eight(seat.side) and self.honours_held(seat) == 2)

    def at_eight(self, side: Side) -> bool:
        """Calling at eight applies to this side on this deal (RULES.md §2, D19)."""
        return may_call_at_eight(self.rules, self.start_score, side)

    def honours_held(self, seat: Seat) -> int:
        return (self.dealt[seat] & self.honours).bit_count()

    def claimer(self) -> Seat | None:
        """The player who must claim the game at once (3 or 4 honours at eight, D19 a);
        the dealer's left side is checked first."""
        first = self.dealer.left
        for seat in (first, first.partner, first.left, first.left.partner):
            if self.at_eight(seat.side) and self.honours_held(seat) >= 3:
                return seat
        return None


class ClassicDeal:
    """One deal of classic whist (presets classic, short, simple).

    Build one with :meth:`shuffled` (a seeded chance step) or :meth:`new` (given hands).
    ``start_score`` is each side's game score (NS, EW) before the deal: it decides
    calling at eight and whether honours count.
    """

    __slots__ = ("_phase", "_setup", "actions", "called", "hands", "leader", "to_act", "trick",
                 "tricks_won")

    _setup: _Setup
    hands: Deal
    leader: Seat
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int, int, int]
    actions: tuple[tuple[Seat, Action], ...]
    to_act: Seat | None
    called: int
    _phase: int

    # ----- construction -------------------------------------------------------------

    @staticmethod
    def deal_cards(dealer: Seat, rng: random.Random) -> tuple[Deal, Card]:
        """The chance step: shuffle with ``rng``, deal one card at a time clockwise from
        the dealer's left; the dealer's last card is the turned card (RULES.md §2)."""
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, idx in enumerate(deck):
            hands[(dealer + 1 + i) & 3] |= 1 << idx
        return (hands[0], hands[1], hands[2], hands[3]), CARDS[deck[51]]

    @classmethod
    def shuffled(cls, rules: Rules, dealer: Seat, rng: random.Random,
                 start_score: tuple[int, int] = (0, 0)) -> ClassicDeal:
        hands, turned = cls.deal_cards(dealer, rng)
        return cls.new(rules, dealer, hands, turned, start_score)

    @classmethod
    def new(cls, rules: Rules, dealer: Seat, hands: Sequence[int], trump_card: Card,
            start_score: tuple[int, int] = (0, 0)) -> ClassicDeal:
        """A deal from given hands; ``trump_card`` (the turned card) must be in the dealer's hand.
        ``rules`` must be those of classic whist and each side's ``start_score`` below a game."""
        require_game(rules, "classic")
        if (len(start_score) != 2
                or not all(isinstance(p, int) and not isinstance(p, bool) for p in start_score)):
            raise IllegalAction(f"start_score must be two whole numbers (NS, EW), not {start_score!r}",
                                f"start_score doit être deux nombres entiers (NS, EO), pas {start_score!r}")
        fault = start_score_fault(rules, start_score)
        if fault is not None:
            side, en, fr = fault
            raise IllegalAction(f"bad start_score {side}: {en}", f"start_score {side} incorrect : {fr}")
        if len(hands) != 4 or any(h.bit_count() != 13 for h in hands):
            raise IllegalAction("a classic deal needs four hands of 13 cards",
                                "une donne de whist classique demande quatre mains de 13 cartes")
        if hands[0] | hands[1] | hands[2] | hands[3] != (1 << 52) - 1:
            raise IllegalAction("the four hands must hold the 52 cards, each once",
                                "les quatre mains doivent contenir les 52 cartes, chacune une fois")
        if not hands[dealer] & trump_card.bit:
            raise IllegalAction(f"the turned card {trump_card.text} is not in the dealer's hand",
                                f"la retourne {trump_card.in_lang('fr')} n'est pas dans la main du donneur")
        dealt = (hands[0], hands[1], hands[2], hands[3])
        setup = _Setup(rules, dealer, dealt, trump_card, start_score)
        s = object.__new__(cls)
        s._setup = setup
        s.hands = dealt
        s.leader = dealer.left
        s.trick = ()
        s.tricks_won = (0, 0, 0, 0)
        s.actions = ()
        s.called = 0
        s._phase = _PHASE_PLAY
        s.to_act = s.leader
        claimer = setup.claimer()
        if claimer is not None:
            s._phase = _PHASE_CLAIM
            s.to_act = claimer
        return s

    def _copy(self) -> ClassicDeal:
        s = object.__new__(ClassicDeal)
        s._setup = self._setup
        s.hands = self.hands
        s.leader = self.leader
        s.trick = self.trick
        s.tricks_won = self.tricks_won
        s.actions = self.actions
        s.called = self.called
        s._phase = self._phase
        s.to_act = self.to_act
        return s

    @property
    def rules(self) -> Rules:
        return self._setup.rules

    @property
    def dealer(self) -> Seat:
        return self._setup.dealer

    @property
    def dealt(self) -> Deal:
        """The four hands as dealt (the turned card in the dealer's)."""
        return self._setup.dealt

    @property
    def trump(self) -> Suit:
        return self._setup.trump

    @property
    def trump_card(self) -> Card:
        return self._setup.trump_card

    @property
    def start_score(self) -> tuple[int, int]:
        return self._setup.start_score

    def honours_held(self, seat: Seat) -> int:
        """How many of A K Q J of trumps ``seat`` was dealt."""
        return self._setup.honours_held(seat)

    def side_honours(self, side: Side) -> int:
        a, b = side.seats
        return self.honours_held(a) + self.honours_held(b)

    # ----- calling at eight (RULES.md §2, D19) -------------------------------------

    def _may_ask(self, seat: Seat) -> bool:
        """At eight, holding exactly two honours, before his first card, once per side (D19 b)."""
        return bool(
            self._setup.askers >> seat & 1
            and not self.called & (1 << (seat & 1))
            and self.hands[seat] == self.dealt[seat]
        )

    # ----- the protocol --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._phase == _PHASE_OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """Every legal action of ``to_act``, calls first, then cards suit by suit (S H D C),
        high to low. Empty only when the deal is over."""
        phase = self._phase
        seat = self.to_act
        if seat is None:
            return ()
        if phase == _PHASE_PLAY:
            trick = self.trick
            hand = self.hands[seat]
            t = SUIT_CARDS
            cards: tuple[Card, ...] | None = None
            if trick:
                led = trick[0].suit
                m = (hand >> (13 * led)) & SUIT_MASK
                if m:
                    cards = t[led][m]
                elif self._setup.must_trump:
                    cards = legal_cards(hand, led, self._setup.trump, True)
            if cards is None:
                cards = (t[0][hand & SUIT_MASK] + t[1][(hand >> 13) & SUIT_MASK]
                         + t[2][(hand >> 26) & SUIT_MASK] + t[3][hand >> 39])
            if self._setup.askers and self._may_ask(seat):
                return (ASK, *cards)
            return cards
        if phase == _PHASE_CLAIM:
            shown = cards_of(self.dealt[seat] & self._setup.honours)
            return (Call("claim", tuple(shown)),)
        # the partner's answer to "can you one?" is automatic and true (D19 b)
        return (YES,) if self.honours_held(seat) else (NO,)

    def apply(self, action: Action | str, seat: Seat | str | None = None) -> ClassicDeal:
        """The state after ``to_act`` takes ``action``. With ``seat`` (a :class:`Seat` or its
        text, read by :func:`~whist.cards.parse_seat`), first check it is that seat's turn
        (:class:`NotYourTurn` otherwise)."""
        who = self.to_act
        if who is None:
            raise IllegalAction("the deal is over", "la donne est terminée")
        if seat is not None and seat is not who:
            named = parse_seat(seat)  # a seat may be given as text: "N", "Nord"
            if named is not who:
                raise NotYourTurn(f"it is {who.name_en}'s turn, not {named.name_en}'s",
                                  f"ce n'est pas à {named.name_fr} de jouer, c'est à {who.name_fr}")
        if isinstance(action, str):
            action = parse_action(action)
        if action.__class__ is Card and self._phase == _PHASE_PLAY:
            return self._play(who, action)
        return self._call(who, action)

    def _play(self, seat: Seat, card: Card) -> ClassicDeal:
        hands = self.hands
        hand = hands[seat]
        bit = card.bit
        if not hand & bit:
            raise not_held(card)
        trick = self.trick
        setup = self._setup
        if trick:
            led = trick[0].suit
            if card.suit is not led:
                if hand & _SUIT_MASKS[led]:
                    raise must_follow(card, led)
                trump = setup.trump
                if setup.must_trump and card.suit is not trump and hand & _SUIT_MASKS[trump]:
                    raise IllegalAction(
                        f"{card.in_lang('en')}: you cannot follow suit and must ruff (option must_trump)",
                        f"{card.in_lang('fr')} : vous ne pouvez pas fournir, vous devez donc couper avec un"
                        f" {trump.name_fr} (option must_trump, obligation de couper)")
        s = object.__new__(ClassicDeal)
        s._setup = setup
        s.called = self.called
        s._phase = _PHASE_PLAY
        hand ^= bit
        if seat == 0:
            s.hands = (hand, hands[1], hands[2], hands[3])
        elif seat == 1:
            s.hands = (hands[0], hand, hands[2], hands[3])
        elif seat == 2:
            s.hands = (hands[0], hands[1], hand, hands[3])
        else:
            s.hands = (hands[0], hands[1], hands[2], hand)
        s.actions = (*self.actions, (seat, card))
        if len(trick) == 3:
            winner = trick_winner((*trick, card), self.leader, setup.trump)
            won = list(self.tricks_won)
            won[winner] += 1
            s.tricks_won = (won[0], won[1], won[2], won[3])
            s.trick = ()
            s.leader = winner
            if hand:
                s.to_act = winner
            else:
                s._phase = _PHASE_OVER
                s.to_act = None
        else:
            s.tricks_won = self.tricks_won
            s.leader = self.leader
            s.trick = (*trick, card)
            s.to_act = SEATS[(seat + 1) & 3]
        return s

    def _call(self, seat: Seat, action: Action) -> ClassicDeal:
        legal = self.legal_actions()
        if not isinstance(action, Card | Call):
            raise not_an_action(action)
        if action not in legal:
            if isinstance(action, Card):
                first = legal[0]
                if isinstance(first, Call) and first.kind == "claim":  # D19 (a): his own claim
                    raise IllegalAction(f"{seat.name_en} must first claim his honours: {first.text}",
                                        f"{seat.name_fr} doit d'abord annoncer ses honneurs :"
                                        f" {action_text_fr(first)}")
                raise IllegalAction(f"{seat.name_en} must first answer: {first.text}",
                                    f"{seat.name_fr} doit d'abord répondre : {action_text_fr(first)}")
            if isinstance(action, Call) and action.kind == "ask":
                at = self.rules.game_points - 2
                raise IllegalAction(
                    f"you may ask \"can you one?\" only at {at} points, holding exactly two honours,"
                    " once per deal, before playing your first card",
                    f"vous ne pouvez demander à votre partenaire s'il a un honneur qu'à {at} points,"
                    " avec exactement deux honneurs, une fois par donne, avant de jouer votre première"
                    " carte")
            more = "…" if len(legal) > 3 else ""
            allowed = ", ".join(a.text for a in legal[:3]) + more
            allowed_fr = ", ".join(action_text_fr(a) for a in legal[:3]) + more
            raise IllegalAction(f"{action.text} is not allowed now; allowed: {allowed}",
                                f"{action.text_fr} n'est pas autorisé maintenant ; actions"
                                f" autorisées : {allowed_fr}")
        assert isinstance(action, Call)
        s = self._copy()
        s.actions = (*self.actions, (seat, action))
        if action.kind == "claim":
            s._phase = _PHASE_OVER
            s.to_act = None
            s.called |= 1 << seat.side
        elif action.kind == "ask":
            s.called |= 1 << seat.side
            s._phase = _PHASE_ANSWER
            s.to_act = seat.partner
        elif action.kind == "yes":
            s._phase = _PHASE_OVER
            s.to_act = None
        else:  # "no": the asker plays on
            s._phase = _PHASE_PLAY
            s.to_act = seat.partner
        return s

    # ----- results ----------------------------------------------------------------------

    def called_side(self) -> Side | None:
        """The side that won the game by calling at eight on this deal, if any."""
        if self.actions and self._phase == _PHASE_OVER:
            seat, last = self.actions[-1]
            if isinstance(last, Call) and last.kind in ("claim", "yes"):
                return seat.side
        return None

    def points(self) -> DealPoints:
        """Points of the deal so far by the rules (final once the deal is over)."""
        side = self.called_side()
        if side is not None:
            return called_points(side)
        w = self.tricks_won
        return deal_points(self.rules, self.start_score, (w[0] + w[2], w[1] + w[3]),
                           (self.side_honours(Side.NS), self.side_honours(Side.EW)))

    def shown_cards(self) -> dict[Seat, tuple[Card, ...]]:
        """Cards shown to all by calls: a claim's honours; after a "yes", both partners' honours."""
        out: dict[Seat, tuple[Card, ...]] = {}
        hm = honours_mask(self.trump)
        for seat, a in self.actions:
            if isinstance(a, Call):
                if a.kind == "claim":
                    out[seat] = a.cards
                elif a.kind == "yes":
                    for s in (seat, seat.partner):
                        out[s] = tuple(cards_of(self.dealt[s] & hm))
        return out

    def trump_card_face_up(self) -> bool:
        """The turned card stays face up until the dealer plays to the first trick."""
        if not self.rules.trump_card_stays_up:
            return False
        if sum(self.tricks_won):
            return False
        return (self.dealer - self.leader) & 3 >= len(self.trick)

    def view(self, seat: Seat | str | None) -> View:
        """All that ``seat`` may know (``None``: a spectator); a seat may be given as text."""
        if seat is not None:
            seat = parse_seat(seat)
        trick_seats = tuple((SEATS[(self.leader + i) & 3], c) for i, c in enumerate(self.trick))
        return View(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            hand=tuple(cards_of(self.hands[seat])) if seat is not None else (),
            trump=self.trump,
            trump_card=self.trump_card,
            trump_card_face_up=self.trump_card_face_up(),
            dealer_holds_trump_card=bool(self.hands[self.dealer] & self.trump_card.bit),
            actions=self.actions,
            leader=self.leader,
            trick=trick_seats,
            tricks_won=self.tricks_won,
            score=self.start_score,
            shown=tuple(sorted(self.shown_cards().items())),
            to_act=self.to_act,
            legal=self.legal_actions() if seat is not None and seat is self.to_act else (),
        )


def new_classic_deal(preset_name: str = "classic", seed: int = 0, dealer: Seat = Seat.N) -> ClassicDeal:
    """A shuffled deal of a preset from a seed: handy for examples and tests."""
    return ClassicDeal.shuffled(preset(preset_name), dealer, random.Random(seed))
