"""Scoring tables of colour whist (RULES.md §5.7), as data, and the settlement of one deal.

``couleur`` (the seed's table): each defender loses the amount the table shows and the
declarers share what the defenders lose; the misère rows with two declarers are the seed's
own rows. ``pagat``: a value V per contract; each defender pays V and the declarers share.

>>> from whist.contracts import parse_contract
>>> from whist.cards import Seat
>>> score("couleur", parse_contract("solo 7"), [Seat.N], {Seat.N: 8})
{<Seat.N: 0>: 21, <Seat.E: 1>: -7, <Seat.S: 2>: -7, <Seat.W: 3>: -7}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from whist.cards import SEATS, Refusal, Seat, parse_seat
from whist.contracts import Contract, of_fr

__all__ = [
    "COULEUR", "PAGAT", "CouleurTable", "PagatTable", "TableError", "dames_points", "made",
    "needed_tricks", "score", "tricks_out_of_range",
]


class TableError(Refusal):
    """A contract, declarers or tricks that the table cannot score (in English and French)."""


@dataclass(frozen=True, slots=True)
class CouleurTable:
    """The seed's table (RULES.md §5.7, ``couleur``): what each defender loses when the contract
    is made (and wins when it fails); the declarers share the sum."""

    pair_over: tuple[int, ...] = (5, 7, 9, 11, 13)
    """Emballage and trou, per player, made exactly, +1, +2, +3, +4 (D27)."""
    pair_under: tuple[int, ...] = (7, 9, 11, 13, 15)
    """Emballage and trou failed by 1, 2, 3, 4, 5 tricks."""
    pair_all_13: int = 20
    """All 13 tricks, at any level (D7)."""
    pair_worst: int = 20
    """Failed by 6 tricks or more."""
    solo_made: int = 5
    solo_step: int = 2
    """Solo 6 and 7: 5 made exactly, 2 more per overtrick up to ``solo_cap`` tricks; failed:
    5 + 2 per missing trick (D8)."""
    solo_cap: int = 8
    flat: tuple[tuple[str, int | None, int], ...] = (
        ("solo", 8, 8),  # D9
        ("abondance", 9, 10),
        ("abondance_sur_table", None, 15),  # D10
        ("grande_misere_sur_table", None, 16),
        ("chelem", None, 20),  # D12
        ("piccolo", None, 18),  # D13: a joint contract of two declarers
        ("piccolissimo", None, 6),  # D14: as a one-declarer petite misère
        ("petite_misere", None, 6),
        ("grande_misere", None, 12),
    )
    """Contracts with one value, made or failed: (kind, level, each defender)."""
    two_miseres: tuple[tuple[str, int, int, int, int], ...] = (
        ("petite_misere", 2, 9, 0, -9), ("petite_misere", 1, 15, -21, 3),
        ("petite_misere", 0, 0, -9, 9),
        ("grande_misere", 2, 18, 0, -18), ("grande_misere", 1, 30, -42, 6),  # D11
        ("grande_misere", 0, 0, -18, 18),
    )
    """Misères of two declarers: (kind, how many made, points of each declarer who made it, of each
    who failed, of each defender)."""

    def flat_value(self, kind: str, level: int | None) -> int | None:
        for k, lv, v in self.flat:
            if k == kind and lv == level:
                return v
        return None

    def two_misere_row(self, kind: str, made: int) -> tuple[int, int, int] | None:
        for k, n, won, lost, each in self.two_miseres:
            if k == kind and n == made:
                return (won, lost, each)
        return None


@dataclass(frozen=True, slots=True)
class PagatTable:
    """Pagat's values V (RULES.md §5.7, ``pagat``): each defender pays V, the declarers share."""

    emballage_13: int = 30
    all_13: int = 30
    solo: tuple[tuple[int, int], ...] = ((5, 3), (6, 4), (7, 5), (8, 7))
    """Solo level → value made exactly; +1 per overtrick up to 8; failed: value + 1 per missing."""
    abondance: tuple[tuple[int, int], ...] = ((9, 10), (10, 15), (11, 20), (12, 30))
    """Abondance level → value; overtricks score at the level reached (13 as 12)."""
    flat: tuple[tuple[str, int], ...] = (
        ("petite_misere", 6), ("piccolo", 8), ("grande_misere", 12),
        ("grande_misere_sur_table", 24), ("chelem", 60), ("trou", 16),
    )


COULEUR = CouleurTable()
PAGAT = PagatTable()

_MISERE_TARGET = {"petite_misere": 0, "grande_misere": 0, "grande_misere_sur_table": 0,
                  "piccolo": 1, "piccolissimo": 2}


def made(contract: Contract, declarers: Sequence[Seat], tricks: Mapping[Seat, int],
         needed: int, preset: str) -> dict[Seat, bool]:
    """Whether each declarer made the contract, taking ``tricks`` (by seat) where ``needed``: a
    misère, piccolo or piccolissimo player alone, by his own tricks (exactly ``needed``), but
    ``couleur``'s piccolo of two together, made only if both take exactly one (D13); the others
    together, by the declarers' tricks (at least ``needed``). Not read off the points: in pagat
    four misères all made score 0 each."""
    if contract.kind in _MISERE_TARGET:
        alone = {s: tricks.get(s, 0) == needed for s in declarers}
        if preset == "couleur" and contract.kind == "piccolo":
            return dict.fromkeys(declarers, all(alone.values()))
        return alone
    ok = sum(tricks.get(s, 0) for s in declarers) >= needed
    return {s: ok for s in declarers}


def needed_tricks(contract: Contract, preset: str, trou_needed: int = 8) -> int:
    """Tricks the declarers must take (at least; exactly for the misère family)."""
    k = contract.kind
    if k in _MISERE_TARGET:
        return _MISERE_TARGET[k]
    if k == "trou":
        return trou_needed
    if k == "chelem":
        return 13
    if k == "abondance_sur_table":
        return 9
    if contract.level is None:
        raise TableError(f"{contract.text} needs a number of tricks",
                         f"{contract.text_fr} demande un nombre de plis")
    return contract.level


def _split(declarers: Sequence[Seat], per_defender: int) -> dict[Seat, int]:
    """Each defender loses ``per_defender``; the declarers share the sum equally."""
    defenders = [s for s in SEATS if s not in declarers]
    total = per_defender * len(defenders)
    if total % len(declarers):
        raise TableError("the declarers' points do not share equally",
                         "les points des preneurs ne se partagent pas également")
    out = {s: -per_defender for s in defenders}
    for d in declarers:
        out[d] = total // len(declarers)
    return {s: out[s] for s in SEATS}


def _couleur(contract: Contract, declarers: Sequence[Seat], tricks: Mapping[Seat, int],
             trou_needed: int) -> dict[Seat, int]:
    t = COULEUR
    k = contract.kind
    if k in _MISERE_TARGET:
        target = _MISERE_TARGET[k]
        made = [tricks.get(d, 0) == target for d in declarers]
        one = t.flat_value(k, None)
        assert one is not None
        if k == "piccolo":  # a joint contract: both must take exactly one (D13)
            return _split(declarers, one if all(made) else -one)
        if len(declarers) == 2:
            row = t.two_misere_row(k, sum(made))
            if row is None:
                raise TableError(f"{contract.text} is played by one declarer",
                                 f"{contract.text_fr} se joue à un seul preneur")
            won, lost, each_def = row
            out = dict.fromkeys(SEATS, each_def)
            for d, ok in zip(declarers, made, strict=True):
                out[d] = won if ok else lost
            return {s: out[s] for s in SEATS}
        return _split(declarers, one if made[0] else -one)
    team = sum(tricks.get(d, 0) for d in declarers)
    if k in ("emballage", "trou"):
        diff = team - needed_tricks(contract, "couleur", trou_needed)
        if team == 13:
            v = t.pair_all_13
        elif diff >= 0:
            v = t.pair_over[min(diff, len(t.pair_over) - 1)]
        else:
            v = -(t.pair_under[-diff - 1] if -diff <= len(t.pair_under) else t.pair_worst)
        return _split(declarers, v)
    if k == "solo" and contract.level in (6, 7):
        level = contract.level
        if team >= level:
            v = t.solo_made + t.solo_step * (min(team, t.solo_cap) - level)
        else:
            v = -(t.solo_made + t.solo_step * (level - team))
        return _split(declarers, v)
    flat = t.flat_value(k, contract.level if k in ("solo", "abondance") else None)
    if flat is None:
        raise TableError(f"the couleur table has no {contract.text}",
                         f"le barème couleur n'a pas {of_fr(contract.text_fr)}")
    need = needed_tricks(contract, "couleur")
    return _split(declarers, flat if team >= need else -flat)


def _pagat_value(contract: Contract, team: int, trou_needed: int) -> int:
    """The value V (positive: made, negative: failed) of a one-team pagat contract."""
    t = PAGAT
    k = contract.kind
    need = needed_tricks(contract, "pagat", trou_needed)
    made = team >= need
    if k == "emballage":
        if need == 13:
            return t.emballage_13 if made else -t.emballage_13
        bid = 3 * need - 16
        if not made:
            return -(bid + 3 * (need - team))
        return t.all_13 if team == 13 else 3 * team - 16
    if k == "solo":
        bid = dict(t.solo)[need]
        return bid + min(team, 8) - need if made else -(bid + need - team)
    if k == "abondance":
        ab = dict(t.abondance)
        return ab[min(team, 12)] if made else -ab[need]
    flat = dict(t.flat)
    if k == "trou" and team == 13:
        return t.all_13
    if k in flat:
        return flat[k] if made else -flat[k]
    raise TableError(f"the pagat table has no {contract.text}",
                     f"le barème pagat n'a pas {of_fr(contract.text_fr)}")


def _pagat(contract: Contract, declarers: Sequence[Seat], tricks: Mapping[Seat, int],
           trou_needed: int) -> dict[Seat, int]:
    k = contract.kind
    if k in _MISERE_TARGET:
        if k == "piccolissimo":
            raise TableError("the pagat table has no piccolissimo",
                             "le barème pagat n'a pas de piccolissimo")
        flat = dict(PAGAT.flat)
        out = dict.fromkeys(SEATS, 0)
        for d in declarers:  # each settled alone against the three others
            v = flat[k] if tricks.get(d, 0) == _MISERE_TARGET[k] else -flat[k]
            for s, p in _split([d], v).items():
                out[s] += p
        return out
    team = sum(tricks.get(d, 0) for d in declarers)
    return _split(declarers, _pagat_value(contract, team, trou_needed))


_DECLARERS: dict[tuple[str, str], tuple[int, ...]] = {
    ("couleur", "emballage"): (2,), ("couleur", "trou"): (2,), ("couleur", "piccolo"): (2,),
    ("couleur", "petite_misere"): (1, 2), ("couleur", "grande_misere"): (1, 2),
    ("pagat", "emballage"): (2,), ("pagat", "trou"): (2,),
    **{("pagat", k): (1, 2, 3, 4)
       for k in ("petite_misere", "grande_misere", "grande_misere_sur_table", "piccolo")},
}
"""How many declarers each contract may have (RULES.md §5.4–5.5); one where not listed."""


def declarer_counts(preset: str, kind: str) -> tuple[int, ...]:
    """How many declarers ``kind`` may have in ``preset`` (one for most contracts)."""
    return _DECLARERS.get((preset, kind), (1,))


def declarers_refused(preset: str, contract: Contract, declarers: Sequence[Seat]) -> TableError | None:
    """The refusal of ``declarers`` (repeated, or too many or too few for the contract in
    ``preset``), ``None`` if they may play it.

    >>> from whist.contracts import parse_contract
    >>> print(declarers_refused("couleur", parse_contract("piccolissimo"), [Seat.N, Seat.E]).fr)
    le piccolissimo se joue à 1 preneur
    """
    info = contract.info
    allowed = declarer_counts(preset, info.key)
    n = len(declarers)
    if len(set(declarers)) == n and n in allowed:
        return None
    counts, s = " or ".join(str(x) for x in allowed), "s" if allowed != (1,) else ""
    return TableError(f"{info.en} is played by {counts} declarer{s}",
                      f"{info.fr_the} se joue à {counts.replace(' or ', ' ou ')} preneur{s}")


def tricks_out_of_range(tricks: Mapping[Seat, int]) -> TableError | None:
    """The refusal of the declarers' ``tricks`` if they are not 0 to 13 in all, saying what was
    given, as a classic sheet says it of a side (« un camp fait de 0 à 13 levées, pas 14 »);
    ``None`` if they are.

    >>> print(tricks_out_of_range({Seat.N: 14}).fr)
    une donne a 13 plis, pas 14
    >>> print(tricks_out_of_range({Seat.N: 7, Seat.E: 7}))
    a deal has 13 tricks, not 7 + 7
    """
    below = [n for n in tricks.values() if n < 0]
    if below:
        return TableError(f"a number of tricks is 0 to 13, not {below[0]}",
                          f"un nombre de plis va de 0 à 13, pas {below[0]}")
    if sum(tricks.values()) > 13:
        given = " + ".join(str(n) for n in tricks.values())
        return TableError(f"a deal has 13 tricks, not {given}", f"une donne a 13 plis, pas {given}")
    return None


def score(preset: str, contract: Contract, declarers: Sequence[Seat | str],
          tricks: Mapping[Seat, int] | Mapping[str, int], trou_needed: int = 8) -> dict[Seat, int]:
    """Each seat's points for one deal of colour whist. ``tricks`` gives each declarer's
    tricks (a pair's tricks may be given all to one of them); ``trou_needed`` is 8 or 9 (§5.3).
    Seats are :class:`Seat` or their text (``"N"``).

    >>> from whist.contracts import parse_contract
    >>> score("couleur", parse_contract("solo 7"), ["N"], {"N": 8})[Seat.N]
    21
    """
    seats = [parse_seat(d) for d in declarers]
    won = {parse_seat(s): n for s, n in tricks.items()}
    info = contract.info
    if info.family == "all_pass":
        raise TableError("score the queens game with dames_points",
                         "la misère par les dames se compte avec dames_points")
    if (refused := declarers_refused(preset, contract, seats)) is not None:
        raise refused
    if (refused := tricks_out_of_range(won)) is not None:
        raise refused
    if preset == "couleur":
        return _couleur(contract, seats, won, trou_needed)
    if preset == "pagat":
        return _pagat(contract, seats, won, trou_needed)
    raise TableError(f"no scoring table for preset {preset!r}",
                     f"pas de barème pour le préréglage « {preset} »")


def dames_points(queens: Mapping[Seat, int] | Mapping[str, int]) -> dict[Seat, int]:
    """The queens game (RULES.md §5.8): each queen taken costs 5; the players who took none share
    the 20 points; all four queens to one player: +15 to him, −5 to each other. Seats as in
    :func:`score`."""
    taken = {parse_seat(s): n for s, n in queens.items()}
    q = {s: taken.get(s, 0) for s in SEATS}
    if sum(q.values()) != 4 or any(v < 0 for v in q.values()):
        raise TableError("the four queens must be shared out, 0 to 4 each",
                         "les quatre dames doivent être réparties, de 0 à 4 par joueur")
    for s, n in q.items():
        if n == 4:
            return {x: (15 if x is s else -5) for x in SEATS}
    clean = [s for s in SEATS if q[s] == 0]
    if not clean:  # one queen each: nobody scores
        return dict.fromkeys(SEATS, 0)
    out = {s: -5 * q[s] for s in SEATS}
    for s in clean:
        out[s] = 20 // len(clean)
    return out
