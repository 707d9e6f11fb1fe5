"""What a classic match (:class:`~whist.match.Match`) and a colour-whist session
(:class:`~whist.couleur_match.ColourMatch`) share: a series of deals at one table, with at most one
deal in play, whose seat to act, legal actions and views are the ones of that deal.

:class:`DealSeries` is a mixin of both. Its members take ``self`` as a small protocol (the
``current`` deal, the finished ``deals``, ``is_over``), so each returns the precise types of the
game it serves: ``Match.legal_actions()`` is a tuple of classic actions, ``ColourMatch.view()`` a
colour view.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from whist.actions import IllegalAction
from whist.cards import Seat, parse_seat

__all__ = ["DealSeries"]

A = TypeVar("A")
V = TypeVar("V")
D = TypeVar("D")
A_co = TypeVar("A_co", covariant=True)
V_co = TypeVar("V_co", covariant=True)
D_co = TypeVar("D_co", covariant=True)


class _Deal(Protocol[A_co, V_co]):
    """What the series asks of its deals."""

    @property
    def to_act(self) -> Seat | None: ...

    def legal_actions(self) -> tuple[A_co, ...]: ...

    def view(self, seat: Seat | None) -> V_co: ...


class _Series(Protocol[D_co]):
    """What :class:`DealSeries` reads of the class it is mixed into."""

    @property
    def current(self) -> D_co | None: ...

    @property
    def deals(self) -> tuple[D_co, ...]: ...

    @property
    def is_over(self) -> bool: ...


class DealSeries:
    """The members a series of deals delegates to its deal in play (or its last deal)."""

    __slots__ = ()

    @property
    def needs_deal(self: _Series[object]) -> bool:
        """No deal is in play and the series goes on: the chance step ``deal(rng)`` is next."""
        return self.current is None and not self.is_over

    @property
    def to_act(self: _Series[_Deal[object, object]]) -> Seat | None:
        return self.current.to_act if self.current is not None else None

    def legal_actions(self: _Series[_Deal[A, object]]) -> tuple[A, ...]:
        return self.current.legal_actions() if self.current is not None else ()

    @property
    def last_deal(self: _Series[D]) -> D | None:
        """The deal in play, or else the last finished one (``None`` before the first deal)."""
        return _last_deal(self)

    def all_deals(self: _Series[D]) -> tuple[D, ...]:
        """The finished deals, then the deal in play if there is one."""
        return (*self.deals, self.current) if self.current is not None else self.deals

    def view(self: _Series[_Deal[object, V]], seat: Seat | str | None) -> V:
        """What ``seat`` (``None``: a spectator; a seat may be given as text) may know of the deal
        in play, or of the last one."""
        deal = _last_deal(self)
        if deal is None:
            raise IllegalAction("no deal has been dealt yet", "aucune donne n'a encore été distribuée")
        return deal.view(parse_seat(seat) if seat is not None else None)


def _last_deal(series: _Series[D]) -> D | None:
    if series.current is not None:
        return series.current
    return series.deals[-1] if series.deals else None
