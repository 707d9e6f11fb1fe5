"""One deal of colour whist, whist à la couleur (RULES.md §5): the deal in packets, the trou,
the auction, the trou partner's shown card, the petite-misère discard, the play and the score.

A :class:`ColourDeal` follows the engine protocol of :mod:`whist.engine`: an immutable value
with ``to_act``, ``legal_actions()``, ``apply(action, seat=None)`` and ``view(seat)``.

>>> import random
>>> from whist.rules import preset
>>> d = ColourDeal.shuffled(preset("couleur"), Seat.W, random.Random(2))
>>> d.phase, d.to_act
('auction', <Seat.N: 0>)
>>> while d.to_act is not None:
...     d = d.apply(d.legal_actions()[0])     # everybody passes
>>> d.passed_out, sum(d.points().values())
(True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from whist.actions import IllegalAction, NotYourTurn, must_follow, not_an_action, not_held, require_game
from whist.auction import TROU, Auction, Bid, ColourCall, NotACall, SuitAlone, contract_levels, parse_call
from whist.cards import (
    CARDS,
    SEATS,
    Card,
    Deal,
    Lang,
    ParseError,
    Seat,
    Suit,
    card,
    cards_of,
    parse_card,
    parse_seat,
)
from whist.contracts import KINDS, Contract, Levels
from whist.engine import SeatView, legal_cards, trick_winner
from whist.rules import Rules
from whist.tables import dames_points, made, needed_tricks, score

__all__ = ["CardCall", "ColourAction", "ColourDeal", "ColourView", "InPlay", "parse_colour_action",
           "typed_text"]

_ACES = tuple(CARDS[13 * s + 12] for s in range(4))
_QUEENS_MASK = sum(CARDS[13 * s + 10].bit for s in range(4))
_SEVEN_OF_HEARTS = card(Suit.HEARTS, 7)


_CARD_CALLS_FR = {"show": "montre", "discard": "écarte"}


class CardCall:
    """An action that names one card without playing it: ``show 7H`` (the trou partner's shown
    card, §5.3) or ``discard 7H`` (petite misère, face down). ``card`` is ``None`` in a view of
    another seat's discard."""

    __slots__ = ("card", "kind", "text")

    kind: str
    card: Card | None
    text: str

    def __init__(self, kind: str, card: Card | None) -> None:
        self.kind = kind
        self.card = card
        self.text = kind if card is None else f"{kind} {card.text}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardCall) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"CardCall({self.text!r})"

    def __str__(self) -> str:
        return self.text

    @property
    def text_fr(self) -> str:
        """The French text, as typed in French too (:func:`parse_colour_action` with ``lang``
        ``fr``): ``montre 7C`` (sept de cœur), ``écarte RP`` (roi de pique)."""
        verb = _CARD_CALLS_FR[self.kind]
        return verb if self.card is None else f"{verb} {self.card.text_in('fr')}"


ColourAction = Card | ColourCall | CardCall

_CARD_CALLS = {"show": "show", "montre": "show", "montrer": "show", "discard": "discard",
               "écarte": "discard", "ecarte": "discard", "écarter": "discard", "ecarter": "discard"}


def spread_after(rules: Rules) -> int:
    """Tricks played before a hand *sur table* is spread for all to see (RULES.md §5.6): one in
    couleur, none in pagat (spread before the lead)."""
    return 0 if rules.style == "pagat" else 1


def surprise_trou(rules: Rules, four_aces: bool) -> bool:
    """Whether a trou is played as a surprise (RULES.md §5.3, D23): its partner known to nobody
    but himself, and no trump, until the fourth ace is played; option ``trou_surprise`` in couleur,
    never with four aces (D2)."""
    return bool(rules.trou_surprise) and rules.style == "couleur" and not four_aces


def typed_text(action: ColourAction, lang: Lang) -> str:
    """An action as a player of ``lang`` types it, which :func:`parse_colour_action` reads back
    in ``lang``: ``KH``, ``10H``, ``show 7H``, ``pass``; in French ``RC``, ``montre 7C``,
    ``passe``."""
    if isinstance(action, Card):
        return action.typed(lang)
    if lang == "fr":
        return action.text_fr
    if isinstance(action, CardCall) and action.card is not None:
        return f"{action.kind} {action.card.typed(lang)}"
    return action.text


def _text_fr(action: ColourAction) -> str:
    """An action's French text (a card as French players write it: ``R♥``)."""
    return action.in_lang("fr") if isinstance(action, Card) else action.text_fr


def parse_colour_action(text: str, levels: Levels | None = None, card_wanted: bool = False,
                        lang: Lang = "en") -> ColourAction:
    """Read an action of colour whist: a card (``AS``), a call (``pass``, ``propose H``,
    ``solo 7 H``, ``j'emballe`` …), ``show 7H`` or ``discard 7H``. With ``card_wanted`` (the
    auction is over), text that is none of these is refused as not a card rather than as not a
    call, a suit named alone (``cœur``, a proposal in the auction) too, and a call its player meant
    (``chelem``, ``solo 7`` without its suit) with the auction over. ``lang``: the language
    cards are typed in (:func:`~whist.cards.parse_card`; in French ``RC`` is the king of hearts,
    ``montre 7C`` shows the seven of hearts)."""
    words = text.strip().split()
    if not words:
        raise ParseError("empty action", "aucune action : tapez une annonce ou une carte")
    kind = _CARD_CALLS.get(words[0].lower())
    if kind is not None:
        if len(words) > 1:
            try:  # one card, said in words maybe (écarte as de trèfle)
                return CardCall(kind, parse_card(" ".join(words[1:]), lang))
            except ParseError:
                if len(words) == 2:  # why that one text is no card
                    raise
        seven = _SEVEN_OF_HEARTS.text_in(lang)
        raise ParseError(f"{words[0]} takes one card, like '{kind} 7H'",
                         f"{words[0]} demande une seule carte, comme « {words[0]} {seven} »")
    if len(words) <= 3:  # a card, its rank and suit maybe apart (10 D) or said (as de cœur)
        try:
            return parse_card(text, lang)
        except ParseError:
            pass
    try:
        call = parse_call(text, levels, lang)
    except NotACall:
        if card_wanted:
            parse_card(text, lang)  # raises: the text is not a card either, and a card is what is asked
        raise
    except ParseError:
        if card_wanted:  # a call, of its kind; but the calls are over
            raise auction_over(text.strip(), text.strip()) from None
        raise
    if card_wanted and isinstance(call, SuitAlone):  # « cœur » proposes in the auction only
        parse_card(text, lang)  # raises: a suit is no card
    return call


def auction_over(call: str, call_fr: str) -> IllegalAction:
    """The refusal of a call (``call``, ``call_fr`` in French) once the auction is over (in play,
    or the discard of a petite misère): a card is what is asked, the examples typed as each
    language types them (in French ``AP``, as de pique)."""
    return IllegalAction(f"{call}: the auction is over; type a card, like AS or 10C",
                         f"{call_fr} : les annonces sont terminées ; tapez une carte, comme AP ou 10T")


@dataclass(frozen=True, slots=True)
class InPlay:
    """The contract being played: declarers, trump, leader, the tricks it needs, spread hands."""

    contract: Contract
    declarers: tuple[Seat, ...]
    trump: Suit | None
    leader: Seat
    needed: int
    spread: tuple[Seat, ...] = ()
    spread_before_lead: bool = False


@dataclass(frozen=True, slots=True)
class ColourView(SeatView):
    """What one seat (``None``: a spectator) may know of a colour-whist deal (RULES.md §1, §5)."""

    seat: Seat | None
    rules: Rules
    dealer: Seat
    phase: str
    hand: tuple[Card, ...]
    discard: Card | None
    actions: tuple[tuple[Seat, ColourAction], ...]
    trou: tuple[Seat, Seat | None] | None
    contract: Contract | None
    declarers: tuple[Seat, ...]
    trump: Suit | None
    needed: int | None
    shown_card: Card | None
    spread: tuple[tuple[Seat, tuple[Card, ...]], ...]
    leader: Seat
    trick: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, int, int, int]
    multiplier: int
    to_act: Seat | None
    legal: tuple[ColourAction, ...]
    four_aces: bool = False
    """The trou was announced with four aces (D2): its partner holds the highest heart the caller
    lacks and hearts are trump. Public once announced, as the partner is (not while he is hidden)."""
    acceptable: tuple[Seat, ColourCall] | None = None
    """During the auction, the bid an ``accept`` takes (:attr:`Auction.acceptable`): its maker and
    his call (``propose H``); ``None`` when there is none. Public: the calls say it to all."""

    def _face_up(self) -> Iterator[Card]:
        """Besides the hand and the cards played, :meth:`visible_cards` shows the spread hands,
        the seat's own discard and the card shown for trump."""
        for _, cs in self.spread:
            yield from cs
        if self.discard is not None:
            yield self.discard
        if self.shown_card is not None:
            yield self.shown_card


class _Setup:
    """What a deal fixes when it is dealt: shared by all its states."""

    __slots__ = ("dealer", "dealt", "deck", "eldest", "multiplier", "rules", "trou")

    def __init__(self, rules: Rules, dealer: Seat, dealt: Deal, deck: tuple[int, ...],
                 multiplier: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dealt = dealt
        self.deck = deck
        self.eldest = dealer.left
        self.multiplier = multiplier
        self.trou = self._find_trou()

    def _find_trou(self) -> tuple[Seat, Seat, Suit, bool] | None:
        """(caller, partner, the partner's ace suit, four aces) when a player holds 3 or 4 aces
        (§5.3; four aces: D2)."""
        for seat in SEATS:
            aces = [a for a in _ACES if self.dealt[seat] & a.bit]
            if len(aces) == 3:
                fourth = next(a for a in _ACES if a not in aces)
                partner = next(s for s in SEATS if self.dealt[s] & fourth.bit)
                return (seat, partner, fourth.suit, False)
            if len(aces) == 4:
                for rank in range(13, 1, -1):  # the highest heart he lacks
                    c = CARDS[13 * Suit.HEARTS + rank - 2]
                    if not self.dealt[seat] & c.bit:
                        partner = next(s for s in SEATS if self.dealt[s] & c.bit)
                        return (seat, partner, Suit.HEARTS, True)
        return None


_TROU, _AUCTION, _SHOW, _DISCARD, _PLAY, _OVER = "trou", "auction", "show", "discard", "play", "over"


class ColourDeal:
    """One deal of colour whist. Build with :meth:`shuffled` or :meth:`new` (given hands)."""

    __slots__ = ("_setup", "actions", "auction", "discards", "hands", "in_play", "leader", "phase",
                 "shown_card", "to_act", "trick", "tricks_won")

    _setup: _Setup
    phase: str
    auction: Auction
    in_play: InPlay | None
    hands: Deal
    discards: Deal
    leader: Seat
    trick: tuple[Card, ...]
    tricks_won: tuple[int, int, int, int]
    actions: tuple[tuple[Seat, ColourAction], ...]
    to_act: Seat | None
    shown_card: Card | None

    # ----- construction ---------------------------------------------------------------------

    @staticmethod
    def deal_deck(rules: Rules, dealer: Seat, deck: Sequence[int]) -> Deal:
        """Deal ``deck`` (card indices, top first) clockwise from the dealer's left in the
        packets of option ``packets`` (§5.1)."""
        hands = [0, 0, 0, 0]
        i = 0
        for size in (int(x) for x in rules.packets.split("-")):
            for k in range(4):
                seat = (dealer + 1 + k) & 3
                for _ in range(size):
                    hands[seat] |= 1 << deck[i]
                    i += 1
        return (hands[0], hands[1], hands[2], hands[3])

    @classmethod
    def shuffled(cls, rules: Rules, dealer: Seat, rng: random.Random, multiplier: int = 1) -> ColourDeal:
        """The chance step: shuffle with ``rng`` and deal in packets."""
        deck = list(range(52))
        rng.shuffle(deck)
        return cls.from_deck(rules, dealer, deck, multiplier)

    @classmethod
    def from_deck(cls, rules: Rules, dealer: Seat, deck: Sequence[int], multiplier: int = 1) -> ColourDeal:
        if sorted(deck) != list(range(52)):
            raise IllegalAction("a deck holds the 52 cards, each once",
                                "un jeu contient les 52 cartes, chacune une fois")
        return cls._make(rules, dealer, cls.deal_deck(rules, dealer, deck), tuple(deck), multiplier)

    @classmethod
    def new(cls, rules: Rules, dealer: Seat, hands: Sequence[int], multiplier: int = 1) -> ColourDeal:
        """A deal from given hands (a replay, a set deal)."""
        if len(hands) != 4 or any(h.bit_count() != 13 for h in hands):
            raise IllegalAction("a deal needs four hands of 13 cards",
                                "une donne demande quatre mains de 13 cartes")
        if hands[0] | hands[1] | hands[2] | hands[3] != (1 << 52) - 1:
            raise IllegalAction("the four hands must hold the 52 cards, each once",
                                "les quatre mains doivent contenir les 52 cartes, chacune une fois")
        # A deck that deals these hands in the packets of option ``packets`` (§5.1), so that
        # ``deck`` is "as dealt" for every deal (records store it and deal it again).
        held = [[c.index for c in cards_of(hands[(dealer + 1 + k) & 3])] for k in range(4)]
        order: list[int] = []
        start = 0
        for size in (int(x) for x in rules.packets.split("-")):
            for k in range(4):
                order.extend(held[k][start:start + size])
            start += size
        return cls._make(rules, dealer, (hands[0], hands[1], hands[2], hands[3]), tuple(order),
                         multiplier)

    @classmethod
    def _make(cls, rules: Rules, dealer: Seat, dealt: Deal, deck: tuple[int, ...],
              multiplier: int) -> ColourDeal:
        require_game(rules, "couleur")
        setup = _Setup(rules, dealer, dealt, deck, multiplier)
        s = object.__new__(cls)
        s._setup = setup
        s.hands = dealt
        s.discards = (0, 0, 0, 0)
        s.leader = setup.eldest
        s.trick = ()
        s.tricks_won = (0, 0, 0, 0)
        s.actions = ()
        s.in_play = None
        s.shown_card = None
        if setup.trou is not None:
            s.phase = _TROU
            s.auction = Auction(rules, setup.eldest, None, hands=dealt)
            s.to_act = setup.trou[0]
        else:
            s.phase = _AUCTION
            s.auction = Auction.start(rules, setup.eldest, dealt)
            s.to_act = s.auction.to_act
        return s

    def _copy(self) -> ColourDeal:
        s = object.__new__(ColourDeal)
        for name in ColourDeal.__slots__:
            object.__setattr__(s, name, getattr(self, name))
        return s

    @property
    def rules(self) -> Rules:
        return self._setup.rules

    @property
    def dealer(self) -> Seat:
        return self._setup.dealer

    @property
    def dealt(self) -> Deal:
        return self._setup.dealt

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck as dealt, top first (card indices): for gathering the cards (§5.1)."""
        return self._setup.deck

    @property
    def multiplier(self) -> int:
        return self._setup.multiplier

    @property
    def trou(self) -> tuple[Seat, Seat] | None:
        """(caller, partner) when a trou was dealt."""
        t = self._setup.trou
        return (t[0], t[1]) if t is not None else None

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

    @property
    def passed_out(self) -> bool:
        """Every player passed (or nothing counted) and the deal is redealt (§5.8)."""
        return self.phase == _OVER and self.in_play is None

    # ----- the protocol -------------------------------------------------------------------

    def legal_actions(self) -> tuple[ColourAction, ...]:
        """Every legal action of ``to_act`` in a fixed order (calls: as the auction lists them;
        cards: suit by suit S H D C, high to low)."""
        seat = self.to_act
        if seat is None:
            return ()
        phase = self.phase
        if phase == _PLAY:
            trick = self.trick
            return legal_cards(self.hands[seat], trick[0].suit if trick else None)
        if phase == _AUCTION:
            return self.auction.legal_calls()
        if phase == _TROU:
            return (TROU,)
        kind = "show" if phase == _SHOW else "discard"
        return tuple(CardCall(kind, c) for c in cards_of(self.hands[seat]))

    def apply(self, action: ColourAction | str, seat: Seat | str | None = None) -> ColourDeal:
        """The state after ``to_act`` takes ``action``. With ``seat`` (a :class:`Seat` or its
        text), first check it is that seat's turn (:class:`NotYourTurn` otherwise)."""
        who = self.to_act
        if who is None:
            raise IllegalAction("the deal is over", "la donne est terminée")
        if seat is not None and seat is not who:
            named = parse_seat(seat)  # a seat may be given as text: "N", "Nord"
            if named is not who:
                raise NotYourTurn(f"it is {who.name_en}'s turn, not {named.name_en}'s",
                                  f"ce n'est pas à {named.name_fr} de jouer, c'est à {who.name_fr}")
        phase = self.phase
        typed = action.strip() if isinstance(action, str) else None  # as the refusals echo it
        if isinstance(action, str):
            # in play, text that is no action is said to be no card (not "no call")
            action = parse_colour_action(action, contract_levels(self.rules), card_wanted=phase == _PLAY)
        elif action.__class__ is not Card and not isinstance(action, ColourCall | CardCall):
            raise not_an_action(action)  # (a card, the common case, is told at once)
        if phase == _PLAY:
            if isinstance(action, ColourCall):
                raise auction_over(action.text, action.text_fr)
            if not isinstance(action, Card):
                raise IllegalAction(f"{action.text}: play a card now",
                                    f"{_text_fr(action)} : c'est le moment de jouer une carte")
            return self._play(who, action)
        if phase == _AUCTION:
            if not isinstance(action, ColourCall):
                raise IllegalAction(f"{action.text}: the auction is on; make a call (pass, propose H, …)",
                                    f"{_text_fr(action)} : les annonces sont en cours ; faites une"
                                    " annonce (passe, propose cœur, …)")
            return self._call(who, self.auction.meant(action))
        if action not in self.legal_actions():
            if phase == _TROU:
                t = self._setup.trou
                four = t is not None and t[3]  # four aces announce trou too (D2)
                raise IllegalAction(f"you hold {'four' if four else 'three'} aces: you must announce trou",
                                    f"vous avez {'quatre' if four else 'trois'} as : vous devez annoncer"
                                    " trou")
            what = "show one of your cards" if phase == _SHOW else "discard one of your cards"
            what_fr = "montrez une de vos cartes" if phase == _SHOW else "écartez une de vos cartes"
            example = self.legal_actions()[0]
            over, over_fr = (("the auction is over; ", "les annonces sont terminées ; ")
                             if isinstance(action, ColourCall) else ("", ""))
            raise IllegalAction(f"{typed or action.text}: {over}{what} (e.g. '{example.text}')",
                                f"{typed or _text_fr(action)} : {over_fr}{what_fr} (par exemple"
                                f" « {_text_fr(example)} »)")
        s = self._copy()
        s.actions = (*self.actions, (who, action))
        if phase == _TROU:
            t = self._setup.trou
            assert t is not None
            s.phase = _AUCTION
            surprise = surprise_trou(self.rules, t[3])
            s.auction = Auction.start(self.rules, self._setup.eldest, self.dealt, (t[0], t[1]), surprise)
            s.to_act = s.auction.to_act
            if s.to_act is None:
                s._after_auction()
            return s
        assert isinstance(action, CardCall) and action.card is not None
        if phase == _SHOW:
            s.shown_card = action.card
            s._start_trou_play(action.card.suit)
            return s
        d = list(s.discards)
        h = list(s.hands)
        d[who] |= action.card.bit
        h[who] &= ~action.card.bit
        s.discards = (d[0], d[1], d[2], d[3])
        s.hands = (h[0], h[1], h[2], h[3])
        nxt = who.left
        if s.discards[nxt]:
            s.phase = _PLAY
            assert s.in_play is not None
            s.to_act = s.leader = s.in_play.leader
        else:
            s.to_act = nxt
        return s

    def _call(self, seat: Seat, call: ColourCall) -> ColourDeal:
        s = self._copy()
        s.auction = self.auction.apply(call)
        s.actions = (*self.actions, s.auction.calls[-1])  # as the auction keeps it (« cœur »: propose H)
        s.to_act = s.auction.to_act
        if s.to_act is None:
            s._after_auction()
        return s

    # ----- from the auction to the play ------------------------------------------------------

    def _after_auction(self) -> None:
        """Set up the contract the auction ended on (§5.5 table, §5.3, §5.8)."""
        rules = self.rules
        res = self.auction.result()
        eldest = self._setup.eldest
        if res.contract is None:
            if rules.all_pass == "dames":
                self.in_play = InPlay(Contract("dames"), (), None, eldest, 0)
                self._start_play()
            else:
                self.phase = _OVER
                self.to_act = None
            return
        c = res.contract
        k = c.kind
        if k == "trou":
            t = self._setup.trou
            assert t is not None
            caller, partner, ace_suit, four = t
            if four:
                need = 9 if rules.trou_always_nine else 8
                self.in_play = InPlay(c, (caller, partner), Suit.HEARTS, partner, need)
                self._start_play()
            elif rules.style == "pagat":
                self.in_play = InPlay(c, (caller, partner), ace_suit, partner, 8)
                self._start_play()
            elif rules.trou_surprise:
                need = 9 if rules.trou_always_nine else 8
                self.in_play = InPlay(c, (caller, partner), None, eldest, need)
                self._start_play()
            else:
                self.in_play = InPlay(c, (caller, partner), None, eldest, 0)
                self.phase = _SHOW
                self.to_act = partner
            return
        declarers = res.declarers
        leader = declarers[0] if k in ("abondance", "abondance_sur_table", "chelem") else eldest
        spread: tuple[Seat, ...] = ()
        if k in ("abondance_sur_table", "grande_misere_sur_table"):
            spread = declarers
        self.in_play = InPlay(c, declarers, c.suit, leader, needed_tricks(c, rules.style), spread,
                              spread_before_lead=spread_after(rules) == 0)
        if KINDS[k].discard:
            self.phase = _DISCARD
            self.to_act = eldest
            return
        self._start_play()

    def _start_trou_play(self, suit: Suit) -> None:
        t = self._setup.trou
        assert t is not None and self.in_play is not None
        need = 9 if self.rules.trou_always_nine or suit is not t[2] else 8
        ip = self.in_play
        self.in_play = InPlay(ip.contract, ip.declarers, suit, ip.leader, need)
        self._start_play()

    def _start_play(self) -> None:
        assert self.in_play is not None
        self.phase = _PLAY
        self.leader = self.in_play.leader
        self.to_act = self.leader

    # ----- the play -----------------------------------------------------------------------------

    def current_trump(self) -> Suit | None:
        """Trump now: the contract's, or with trou_surprise the fourth ace's suit once it is
        played (from the trick in which it falls, §5.3, D23)."""
        ip = self.in_play
        if ip is None:
            return None
        if ip.contract.kind == "trou" and ip.trump is None and self._surprise():
            t = self._setup.trou
            assert t is not None
            ace = CARDS[13 * t[2] + 12]
            if any(a is ace for _, a in self.actions):
                return t[2]
            return None
        return ip.trump

    def _partner_hidden(self) -> bool:
        """With trou_surprise, the partner is known to nobody but himself until the fourth ace
        is played (§5.3, D23)."""
        if not self._surprise() or self.phase == _OVER:
            return False
        t = self._setup.trou
        assert t is not None
        ace = CARDS[13 * t[2] + 12]
        return not any(a is ace for _, a in self.actions)

    def _surprise(self) -> bool:
        t = self._setup.trou
        return t is not None and surprise_trou(self.rules, t[3])

    def _play(self, seat: Seat, card: Card) -> ColourDeal:
        hand = self.hands[seat]
        if not hand & card.bit:
            raise not_held(card)
        trick = self.trick
        if trick and card.suit is not trick[0].suit and hand & trick[0].suit.mask:
            led = trick[0].suit
            raise must_follow(card, led)
        s = self._copy()
        h = list(self.hands)
        h[seat] = hand & ~card.bit
        s.hands = (h[0], h[1], h[2], h[3])
        s.actions = (*self.actions, (seat, card))
        if len(trick) < 3:
            s.trick = (*trick, card)
            s.to_act = seat.left
            return s
        winner = trick_winner((*trick, card), self.leader, s.current_trump())
        won = list(self.tricks_won)
        won[winner] += 1
        s.tricks_won = (won[0], won[1], won[2], won[3])
        s.trick = ()
        s.leader = winner
        s.to_act = winner
        if not h[seat] or s._points_fixed():
            s.phase = _OVER
            s.to_act = None
        return s

    # ----- points ---------------------------------------------------------------------------------

    def _score(self, tricks: Sequence[int]) -> dict[Seat, int]:
        ip = self.in_play
        assert ip is not None
        if ip.contract.kind == "dames":
            return dames_points(self.queens())
        t = {s: tricks[s] for s in ip.declarers}
        return score(self.rules.style, ip.contract, ip.declarers, t, ip.needed)

    def queens(self) -> dict[Seat, int]:
        """Queens won by each seat in the completed tricks (what the queens game, ``dames``,
        scores: §5.8)."""
        out = dict.fromkeys(SEATS, 0)
        cards = [a for _, a in self.actions if isinstance(a, Card)]
        leader = self._setup.eldest
        trump = None
        for i in range(0, len(cards) - len(self.trick), 4):
            tr = cards[i:i + 4]
            w = trick_winner(tr, leader, trump)
            out[w] += sum(1 for c in tr if c.bit & _QUEENS_MASK)
            leader = w
        return out

    def _points_fixed(self) -> bool:
        """Whether the tricks already won fix every player's points (§5.6), so play stops."""
        ip = self.in_play
        assert ip is not None
        left = max(h.bit_count() for h in self.hands)
        if ip.contract.kind == "dames":
            return sum(self.queens().values()) == 4
        won = self.tricks_won
        base = self._score(won)
        info = KINDS[ip.contract.kind]
        if info.is_misere:
            target = ip.needed
            ranges = []
            for d in ip.declarers:
                room = max(0, target + 1 - won[d])
                ranges.append(range(min(left, room) + 1))
            combos: list[list[int]] = [[]]
            for r in ranges:
                combos = [[*c, x] for c in combos for x in r]
            for extra in combos:
                if sum(extra) > left:
                    continue
                t = list(won)
                for d, x in zip(ip.declarers, extra, strict=True):
                    t[d] += x
                if self._score(t) != base:
                    return False
            return True
        first = ip.declarers[0]
        for x in range(1, left + 1):
            t = list(won)
            t[first] += x
            if self._score(t) != base:
                return False
        return True

    def points(self) -> dict[Seat, int]:
        """Each seat's points for the deal (final once it is over), times the deal's multiplier;
        all 0 for a deal that was passed out."""
        if self.in_play is None or self.phase in (_SHOW, _DISCARD):
            return dict.fromkeys(SEATS, 0)
        if self.in_play.contract.kind == "dames" and sum(self.queens().values()) < 4:
            return dict.fromkeys(SEATS, 0)  # the queens game is scored once all four are taken
        m = self._setup.multiplier
        return {s: p * m for s, p in self._score(self.tricks_won).items()}

    def made(self) -> dict[Seat, bool]:
        """Whether each declarer made the contract, by the tricks won so far (final once the deal
        is over); empty for a deal passed out and the queens game, which have no declarers."""
        ip = self.in_play
        if ip is None or not ip.declarers:
            return {}
        return made(ip.contract, ip.declarers, dict(zip(SEATS, self.tricks_won, strict=True)), ip.needed,
                    self.rules.style)

    # ----- views ------------------------------------------------------------------------------------

    def spread_hands(self) -> dict[Seat, int]:
        """The hands shown to all now (§5.6): after trick 1 in couleur, before the lead in pagat."""
        ip = self.in_play
        if ip is None or not ip.spread or self.phase not in (_PLAY, _OVER):
            return {}
        if not ip.spread_before_lead and sum(self.tricks_won) == 0:
            return {}
        return {s: self.hands[s] for s in ip.spread}

    def view(self, seat: Seat | str | None) -> ColourView:
        """All that ``seat`` may know (``None``: a spectator); a seat may be given as text."""
        if seat is not None:
            seat = parse_seat(seat)
        ip = self.in_play
        declarers: tuple[Seat, ...] = ip.declarers if ip is not None else ()
        trou = self.trou if self.phase != _TROU else None  # public once announced (§5.3)
        trou_view: tuple[Seat, Seat | None] | None = None
        four_aces = False
        if trou is not None:
            hidden = self._partner_hidden() and seat is not trou[1]
            trou_view = (trou[0], None if hidden else trou[1])
            four_aces = not hidden and self._setup.trou is not None and self._setup.trou[3]
            if hidden and ip is not None and ip.contract.kind == "trou":
                declarers = (trou[0],)
        actions = tuple(
            (s, CardCall("discard", None)) if isinstance(a, CardCall) and a.kind == "discard"
            and s is not seat else (s, a)
            for s, a in self.actions)
        return ColourView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            hand=tuple(cards_of(self.hands[seat])) if seat is not None else (),
            discard=(cards_of(self.discards[seat])[0] if seat is not None and self.discards[seat]
                     else None),
            actions=actions,
            trou=trou_view,
            contract=ip.contract if ip is not None and self.phase not in (_TROU, _AUCTION) else None,
            declarers=declarers,
            trump=self.current_trump() if self.phase in (_PLAY, _OVER) else None,
            needed=ip.needed if ip is not None and self.phase in (_PLAY, _OVER) else None,
            shown_card=self.shown_card,
            spread=tuple((s, tuple(cards_of(m))) for s, m in sorted(self.spread_hands().items())),
            leader=self.leader,
            trick=tuple((SEATS[(self.leader + i) & 3], c) for i, c in enumerate(self.trick)),
            tricks_won=self.tricks_won,
            multiplier=self.multiplier,
            to_act=self.to_act,
            legal=self.legal_actions() if seat is not None and seat is self.to_act else (),
            four_aces=four_aces,
            acceptable=self._acceptable(),
        )

    def _acceptable(self) -> tuple[Seat, ColourCall] | None:
        """The bid an ``accept`` takes now, with its maker (the views' :attr:`ColourView.acceptable`)."""
        if self.phase != _AUCTION:
            return None
        bid = self.auction.acceptable
        return (bid.seats[0], Bid(bid.contract)) if bid is not None else None

