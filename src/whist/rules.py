"""Rule options and named presets (RULES.md).

All options live in one frozen dataclass, :class:`Rules`; each field carries
its documentation in its metadata (``Rules.doc(name)``). A preset is a named
set of option values; ``--option name=value`` and TOML files override them.

>>> r = preset("short")
>>> (r.game_points, r.call_at_eight)
(5, False)
>>> with_options(r, {"game_points": "7"}).game_points
7
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Literal

from whist.cards import Lang, Refusal, given, os_reason, plain_number, quoted_fr, read_at_most
from whist.wording import TERMINAL, Wording


class RulesError(Refusal):
    """An unknown preset or option, or a value an option cannot take (in English and French)."""


def _opt(default: Any, label: tuple[str, str], doc: tuple[str, str]) -> Any:
    """A field with its name as a player says it and what it means, each in English and French."""
    return field(default=default, metadata={"label": label, "doc": doc})


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one table: which game, and every option that clubs play differently."""

    preset: str = _opt(
        "classic", ("Preset", "Préréglage"),
        ("Name of the preset these options started from.",
         "Nom du préréglage d'où partent ces options."))
    game: Literal["classic", "couleur"] = _opt(
        "classic", ("Game", "Jeu"),
        ("'classic' (partnership whist, turned trump) or 'couleur' (colour whist).",
         "« classic » (whist à deux contre deux, atout retourné) ou « couleur » (whist à la couleur)."))
    points_per_odd_trick: int = _opt(
        1, ("Points per odd trick", "Points par levée au-delà de six"),
        ("Points for each trick over six (the book) won by a side (simple whist: 2).",
         "Chaque levée au-delà des six premières (le devoir) rapporte ce nombre de points à son camp (whist"
         " simple : 2)."))
    game_points: int = _opt(
        10, ("Game points", "Points de la manche"),
        ("Points that win a game: 10 in classic whist, 5 in short whist.",
         "Points qui gagnent une manche : 10 au whist classique, 5 au whist court."))
    honours: bool = _opt(
        True, ("Honours", "Honneurs"),
        ("Honours (A K Q J of trumps held by a side) score 4 for all four, 2 for three.",
         "Les honneurs (A R D V d'atout tenus par un camp) valent 4 points pour les quatre, 2 pour"
         " trois."))
    call_at_eight: bool = _opt(
        True, ("Calling at eight", "Chanter à huit"),
        ("A side two points short of game as the deal starts (8 of 10) may"
         " claim the game with its honours, or ask the partner for one (where honours count).",
         "Un camp à deux points de la manche au début de la donne (8 sur 10) peut chanter :"
         " faire valoir ses honneurs, ou demander à son partenaire s'il en a un (là où les"
         " honneurs comptent)."))
    no_honours_at_nine: bool = _opt(
        False, ("No honours one point short of game", "Pas d'honneurs à un point de la manche"),
        ("A side one point short of game (9 of 10, 4 of 5) at the start of a deal cannot score"
         " honours.",
         "Un camp à un point de la manche (9 sur 10, 4 sur 5) au début d'une donne ne marque pas"
         " d'honneurs."))
    single_game_from: int = _opt(
        5, ("Single game from", "Manche simple à partir de"),
        ("The winner of a game scores 1 game point if the losers have at least this many points,"
         " 2 if they have fewer but not 0, 3 if they have 0 (classic whist 5, short whist 3).",
         "Le gagnant d'une manche marque 1 point de manche si les perdants ont au moins ce nombre"
         " de points, 2 s'ils en ont moins mais pas 0, 3 s'ils ont 0 (whist classique 5, whist court 3)."))
    game_and_rubber_points: bool = _opt(
        True, ("Game and rubber points", "Points de manche et de robre"),
        ("Score game points and rubber points (off in simple whist: the first side to win two games"
         " wins the match, worth 1).",
         "Compter les points de manche et de robre (sans : le premier camp à gagner deux manches"
         " gagne la partie, qui vaut 1)."))
    rubber_bonus: int = _opt(
        2, ("Rubber bonus", "Prime du robre"),
        ("Rubber points added by the side that wins the rubber.",
         "Points de robre ajoutés par le camp qui gagne le robre."))
    rubbers: int = _opt(
        1, ("Rubbers", "Robres"), ("Rubbers in a match.", "Robres d'une partie."))
    stake: float = _opt(
        0.0, ("Stake per point", "Enjeu par point"),
        ("Money per point: each player of the winning side is paid by the player on his left.",
         "Argent par point : chaque joueur du camp gagnant est payé par le joueur à sa gauche."))
    must_trump: bool = _opt(
        False, ("Must trump", "Obligation de couper"),
        ("A player who cannot follow suit must ruff if he holds a trump (off by default).",
         "Un joueur qui ne peut pas fournir doit couper s'il a de l'atout (non par défaut)."))
    trump_card_stays_up: bool = _opt(
        True, ("Turned card stays up", "La carte retournée reste visible"),
        ("The turned card stays face up until the dealer plays it (classic whist); off: the"
         " dealer shows it and takes it back at once (simple whist). Every seat knows he holds it"
         " either way.",
         "La carte retournée reste visible jusqu'à ce que le donneur la joue (whist classique) ;"
         " sinon il la montre et la reprend aussitôt (whist simple). Chacun sait qu'il la tient."))

    # ----- colour whist (RULES.md §5, options table §5.10) -----------------------------------
    style: Literal["couleur", "pagat"] = _opt(
        "couleur", ("Rulebook", "Règlement"),
        ("'couleur' (the club's rules: ladder, trou, joining, scoring table) or 'pagat' (the common"
         " Belgian online rules).",
         "« couleur » (celui du club : échelle des annonces, trou, emballage, barème) ou « pagat » (les"
         " règles belges courantes du jeu en ligne)."))
    deals: int = _opt(
        16, ("Deals", "Donnes"),
        ("Deals in a session.", "Donnes d'une partie."))
    packets: str = _opt(
        "4-4-5", ("Dealing packets", "Paquets de la distribution"),
        ("The cards are dealt in packets of 4, 4 and 5 (4-4-5), or 4-5-4, or 5-4-4.",
         "Les cartes sont données par paquets de 4, 4 et 5 (4-4-5), ou 4-5-4, ou 5-4-4."))
    shuffle: bool = _opt(
        True, ("Shuffle", "Battre les cartes"),
        ("Shuffle before every deal; off: gather the last deal's cards in order and cut.",
         "Battre avant chaque donne ; sinon ramasser les cartes de la donne précédente dans"
         " l'ordre et couper."))
    overbids: bool = _opt(
        True, ("Emballage overbids", "Surenchères d'emballage"),
        ("Emballage 9 to 12 (pagat: 9 to 13) to outbid solos.",
         "Emballage 9 à 12 (pagat : 9 à 13) pour surenchérir sur les solos."))
    solo_supremacy: bool = _opt(
        False, ("Solo supremacy", "Suprématie du solo"),
        ("While a solo is the top bid, nobody may bid emballage 9 or higher.",
         "Tant qu'un solo est l'annonce la plus haute, personne ne peut annoncer emballage 9 ou"
         " plus."))
    piccolo: bool = _opt(
        True, ("Piccolo", "Piccolo"),
        ("Piccolo may be bid, and piccolissimo too in colour whist (club rules).",
         "Le piccolo (et, aux règles du club, le piccolissimo) peut être annoncé."))
    abondance_sur_table: bool = _opt(
        False, ("Open abondance", "Abondance sur table"),
        ("Open abondance may be bid: an abondance whose hand is spread after the first trick.",
         "L'abondance sur table peut être annoncée : une abondance dont la main est étalée après"
         " le premier pli."))
    grande_misere_sur_table: bool = _opt(
        True, ("Open misère", "Grande misère sur table"),
        ("Open misère may be bid: a large misère whose hand is spread after the first trick"
         " (pagat: before the first lead).",
         "La grande misère sur table peut être annoncée : une grande misère dont la main est"
         " étalée après le premier pli (pagat : avant la première entame)."))
    trou_always_nine: bool = _opt(
        False, ("Trou always needs 9", "Trou toujours à 9 plis"),
        ("The trou always needs 9 tricks, whatever card is shown (in pagat, the trou of four"
         " aces).",
         "Le trou demande toujours 9 plis, quelle que soit la carte montrée (en pagat, le trou"
         " de quatre as)."))
    trou_surprise: bool = _opt(
        False, ("Surprise trou", "Trou surprise"),
        ("The trou partner stays hidden; no trump until the fourth ace falls.",
         "Le partenaire du trou reste caché ; pas d'atout jusqu'à ce que le quatrième as tombe."))
    propose_needs_card: bool = _opt(
        False, ("Propose needs a card of the suit", "Proposer avec une carte de la couleur"),
        ("A proposer must hold at least one card of the suit he proposes.",
         "Pour proposer une couleur, il faut en tenir au moins une carte."))
    all_pass: Literal["redeal", "redeal_double", "dames"] = _opt(
        "redeal", ("When all pass", "Quand tous passent"),
        ("The same dealer deals again; or deals again and the next deal played scores double; or"
         " the deal is played as the queens game, each queen won costing 5.",
         "Le même donneur redonne ; ou il redonne et la donne suivante compte double ; ou on joue"
         " la misère par les dames, chaque dame prise coûtant 5 points."))

    @staticmethod
    def names() -> list[str]:
        return [f.name for f in fields(Rules)]

    @staticmethod
    def doc(name: str, lang: Lang = "en") -> str:
        """What option ``name`` means, in ``lang``."""
        return Rules._said(name, "doc", lang)

    @staticmethod
    def label(name: str, lang: Lang = "en") -> str:
        """Option ``name`` as a player says it (``Points de la manche``), in ``lang``."""
        return Rules._said(name, "label", lang)

    @staticmethod
    def _said(name: str, key: str, lang: Lang) -> str:
        for f in fields(Rules):
            if f.name == name:
                en, fr = f.metadata[key]
                return str(fr if lang == "fr" else en)
        raise RulesError(f"unknown option {name!r}", f"option « {name} » inconnue")

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Rules:
        """Rules from a record's ``rules`` object: the preset, then every option it stores."""
        base = preset(str(data.get("preset", "classic")))
        values = {k: v for k, v in data.items() if k != "preset"}
        return with_options(base, values, strict=False)


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "short": Rules(
        preset="short", game_points=5, call_at_eight=False, no_honours_at_nine=True,
        single_game_from=3,
    ),
    "simple": Rules(
        preset="simple", points_per_odd_trick=2, call_at_eight=False,
        game_and_rubber_points=False, rubber_bonus=0, trump_card_stays_up=False,
    ),
    "couleur": Rules(preset="couleur", game="couleur"),
    "pagat": Rules(
        preset="pagat", game="couleur", style="pagat", shuffle=False, propose_needs_card=True,
        all_pass="redeal_double",
    ),
}
"""The named presets (RULES.md §2–5)."""


PRESET_NAMES_FR: dict[str, str] = {"classic": "whist classique", "short": "whist court",
                                   "simple": "whist simple"}
"""The French names of the presets that have one, as the web lobby calls them (« Whist classique
(robre) », « Whist court », « Whist simple »); couleur and pagat are French already. A preset is
read by these names too, with or without « whist » (``--preset court``), and French output names
it so (:func:`preset_text`)."""

_ALIASES = {alias: key for key, fr in PRESET_NAMES_FR.items() for alias in (fr, fr.removeprefix("whist "))}

_MEANT = {"colour": "couleur", "color": "couleur", "kleur": "couleur", "english": "classic",
          "anglais": "classic", "courte": "short"}
"""Words a player may type for a preset, in English or French, and the preset each one means (a
name of it is read as it: :data:`PRESET_NAMES_FR`)."""


def preset_text(key: str, lang: Lang = "en") -> str:
    """The name of the preset ``key`` in ``lang``: ``short``, in French ``whist court``.

    >>> preset_text("short", "fr"), preset_text("couleur", "fr"), preset_text("short")
    ('whist court', 'couleur', 'short')
    """
    return PRESET_NAMES_FR.get(key, key) if lang == "fr" else key


def _preset_key(name: str) -> str:
    """``name`` in lower case, one space between its words, a French name of a preset as its key."""
    key = " ".join(name.lower().split())
    return _ALIASES.get(key, key)


def preset_meant(word: str) -> str | None:
    """The preset ``word`` names, or is a word for (``Colour``: couleur); ``None`` for any other.

    >>> preset_meant("Classique"), preset_meant("pagat"), preset_meant("bridge")
    ('classic', 'pagat', None)
    """
    key = _preset_key(word)
    return key if key in PRESETS else _MEANT.get(key)


def find_preset(name: str) -> Rules | None:
    """The preset ``name`` names (any case, or its French name), ``None`` for no preset: what
    :func:`preset` reads, for a caller that has its own refusal."""
    return PRESETS.get(_preset_key(name))


def preset(name: str) -> Rules:
    """The preset ``name`` (any case, or its French name: :data:`PRESET_NAMES_FR`); a
    :class:`RulesError` naming the presets, and the one meant where the name is a word for it or
    nearly one (``colour``: couleur).

    >>> preset("Couleur").game, preset("court").preset, preset("Whist classique").preset
    ('couleur', 'short', 'classic')
    >>> try:
    ...     preset("colour")
    ... except RulesError as exc:
    ...     print(exc.en.split(": ")[-1])
    did you mean couleur?
    """
    found = find_preset(name)
    if found is not None:
        return found
    key = _preset_key(name)
    known = ", ".join(sorted(PRESETS))
    close = next(iter(difflib.get_close_matches(key, [*PRESETS, *_ALIASES], 1, 0.7)), None)
    meant = _MEANT.get(key) or (_ALIASES.get(close, close) if close else None)
    en = f": did you mean {meant}?" if meant else ""
    fr = f" : vouliez-vous dire {meant} ?" if meant else ""
    raise RulesError(f"unknown preset {name!r} (known: {known}){en}",
                     f"préréglage « {name} » inconnu (connus : {known}){fr}")


_TRUE = {"1", "true", "yes", "on", "oui", "vrai"}
_FALSE = {"0", "false", "no", "off", "non", "faux"}


def _convert(name: str, kind: type, value: Any, wording: Wording = TERMINAL) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise wording.refusal(RulesError, "option {name} takes {on_off}, not {value}",
                              "l'option {name} vaut {on_off}, pas {given}", name=name, value=given(value),
                              given=quoted_fr(value))
    if kind is int:
        if isinstance(value, bool) or not _plain(value):
            raise _not_whole(name, value)
        try:
            n = int(value) if not isinstance(value, float) or value.is_integer() else None
        except (TypeError, ValueError):
            n = None
        if n is None:
            raise _not_whole(name, value)
        return n
    if kind is float:
        try:
            if isinstance(value, bool) or not _plain(value):
                raise ValueError(value)
            return float(value) + 0.0  # (+ 0.0: a stake of -0.0 is 0.0)
        except OverflowError:  # a whole number past the largest float (a 400-digit stake)
            raise RulesError(f"option {name} takes a finite number, not one this large",
                             f"l'option {name} vaut un nombre fini, pas un nombre aussi grand") from None
        except (TypeError, ValueError):
            raise RulesError(f"option {name} takes a number, not {given(value)}",
                             f"l'option {name} vaut un nombre, pas {quoted_fr(value)}") from None
    return str(value)


def _plain(value: Any) -> bool:
    """Whether ``value``, where it is text, is a number as people type one
    (:func:`~whist.cards.plain_number`)."""
    return not isinstance(value, str) or plain_number(value)


def _not_whole(name: str, value: Any) -> RulesError:
    return RulesError(f"option {name} takes a whole number, not {given(value)}",
                      f"l'option {name} vaut un nombre entier, pas {quoted_fr(value)}")


_KINDS: dict[str, type] = {
    "game_points": int, "points_per_odd_trick": int, "single_game_from": int,
    "rubber_bonus": int, "rubbers": int, "stake": float, "deals": int,
}
_FLOATS = tuple(name for name, kind in _KINDS.items() if kind is float)
"""The options that take any number: each must be finite (``nan`` and ``inf`` make no money)."""


def _kind(name: str, default: Any) -> type:
    return _KINDS.get(name, type(default))


COLOUR_OPTIONS = frozenset({
    "style", "deals", "packets", "shuffle", "overbids", "solo_supremacy", "piccolo",
    "abondance_sur_table", "grande_misere_sur_table", "trou_always_nine", "trou_surprise",
    "propose_needs_card", "all_pass"})
"""The options of colour whist; the others (but ``preset`` and ``game``) are classic whist's."""
COULEUR_STYLE_OPTIONS = frozenset({"abondance_sur_table", "trou_surprise"})
"""The colour-whist options of the club's rulebook alone (RULES.md §5.10: "—" in ``pagat``).
``trou_always_nine`` is "—" there too, but §5.3 applies it to the four-aces trou of both presets,
and so does the engine: it is pagat's option as well."""


GAME_AND_RUBBER_OPTIONS = frozenset({"rubber_bonus", "single_game_from"})
"""Classic whist's options that value games and rubbers: nothing without game and rubber points."""


def applies(name: str, rules: Rules) -> bool:
    """Whether option ``name`` changes anything in a game played by ``rules``."""
    if name in ("preset", "game"):
        return True
    if rules.game != "couleur":
        if name in GAME_AND_RUBBER_OPTIONS and not rules.game_and_rubber_points:
            return False  # simple whist (§4): no game or rubber points to value
        return name not in COLOUR_OPTIONS
    if name in COULEUR_STYLE_OPTIONS:
        return rules.style == "couleur"
    return name in COLOUR_OPTIONS


def changed_options(rules: Rules) -> list[str]:
    """The options of ``rules`` whose value is not its preset's, in the order of the fields.

    >>> changed_options(with_options(preset("classic"), {"stake": 0.5}))
    ['stake']
    """
    base = PRESETS.get(rules.preset)
    return [n for n in Rules.names()
            if n != "preset" and (base is None or getattr(base, n) != getattr(rules, n))]


PRESET_FIXED = frozenset({"game", "style"})
"""Options that come with the preset: a table or a sheet names its game by its preset, so one of
these changed would be one game named as another."""


def check_not_fixed(values: Mapping[str, Any]) -> None:
    """Refuse (:class:`RulesError`) an option among ``values`` that comes with the preset."""
    fixed = sorted(PRESET_FIXED & {name.strip().replace("-", "_") for name in values})
    if fixed:
        presets = ", ".join(sorted(PRESETS))
        raise RulesError(
            f"option {fixed[0]} comes with the preset: choose the preset ({presets}) instead",
            f"l'option {fixed[0]} vient avec le préréglage : choisissez plutôt le préréglage"
            f" ({presets})")


def with_options(rules: Rules, values: Mapping[str, Any], *, strict: bool = True,
                 wording: Wording = TERMINAL) -> Rules:
    """``rules`` with some options changed; values may be text (``"on"``, ``"7"``) or typed.

    ``strict``: an option that changes nothing in the game played (a colour-whist option at
    classic whist, a ``couleur`` option in ``pagat``) given another value than the preset's is
    refused; records, which store every option, are read with ``strict=False``. ``wording``: how
    a refusal says where the options are listed and how the preset is chosen (the terminal's
    flags and rules files, or the web's fields: :mod:`whist.wording`)."""
    changes: dict[str, Any] = {}
    defaults = {f.name: getattr(rules, f.name) for f in fields(Rules)}
    for name, value in values.items():
        key = name.strip().replace("-", "_")
        if key == "preset":  # listed by `whist rules`, but it names the options, it is not one
            raise wording.refusal(RulesError, "{name!r} is not an option to change: choose the preset"
                                  " itself ({choose_preset})",
                                  "« {name} » n'est pas une option à changer : choisissez le"
                                  " préréglage lui-même ({choose_preset})", name=name)
        if key not in defaults:
            raise wording.refusal(RulesError, "unknown option {name!r} ({option_list})",
                                  "option « {name} » inconnue ({option_list})", name=name)
        changes[key] = _convert(key, _kind(key, defaults[key]), value, wording)
    out = dataclasses.replace(rules, **changes)
    if ("single_game_from" not in changes and out.game_and_rubber_points
            and 1 <= out.game_points < out.single_game_from):
        # the option given named, not the preset's own that it leaves out of range
        raise RulesError(f"option game_points is {out.game_points}, below single_game_from"
                         f" ({out.single_game_from}): give single_game_from too, between 1 and"
                         f" {out.game_points}",
                         f"l'option game_points vaut {out.game_points}, moins que single_game_from"
                         f" ({out.single_game_from}) : donnez aussi single_game_from, entre 1 et"
                         f" {out.game_points}")
    check(out)
    if strict:
        # new tables only: a stored table or record of a longer match still reads
        check_largest(out)
        for key, value in changes.items():
            if value != defaults[key] and key in GAME_AND_RUBBER_OPTIONS and not applies(key, out):
                raise RulesError(f"option {key} changes nothing without game and rubber points"
                                 " (game_and_rubber_points is off, as in simple whist)",
                                 f"l'option {key} ne change rien sans points de manche et de robre"
                                 " (game_and_rubber_points est désactivée, comme au whist simple)")
            if value != defaults[key] and not applies(key, out):
                game = (f"colour whist as {out.style} plays it" if out.game == "couleur"
                        else "classic whist")
                jeu = (f"du whist à la couleur des règles {out.style}" if out.game == "couleur"
                       else "du whist classique")
                raise RulesError(f"option {key} is not part of {game}: it would change nothing",
                                 f"l'option {key} ne fait pas partie {jeu} : elle ne changerait rien")
    return out


_CHOICES: dict[str, tuple[str, ...]] = {
    "game": ("classic", "couleur"),
    "style": ("couleur", "pagat"),
    "packets": ("4-4-5", "4-5-4", "5-4-4"),
    "all_pass": ("redeal", "redeal_double", "dames"),
}


MAX_DEALS = 999
"""The most deals a colour-whist session may have."""
MAX_RUBBERS = 99
"""The most rubbers a classic match may have."""
LARGEST: dict[str, int] = {
    "deals": MAX_DEALS, "rubbers": MAX_RUBBERS, "game_points": 100, "points_per_odd_trick": 100,
    "rubber_bonus": 1000, "stake": 1_000_000}
"""The largest value of these options in a new match: past them a match would never end (a game
of a billion points) or its scores and settlement would be too large to be numbers (a stake of
1e308 pays an infinite sum, which no JSON holds)."""


def check_largest(rules: Rules, keys: Iterable[str] = LARGEST) -> None:
    """Refuse option values past :data:`LARGEST` (those of ``keys``): a new match's; and a score
    sheet's stake, which no sheet file holds but edited by hand (a stake of 1e308 printed
    ±Infinity and exported ``Infinity``, which no JSON reader takes)."""
    for key in keys:
        most = LARGEST[key]
        if getattr(rules, key) > most:
            raise RulesError(f"option {key} is at most {most}", f"l'option {key} vaut au plus {most}")


def check(rules: Rules) -> None:
    """Refuse option values that make no game."""
    for name, choices in _CHOICES.items():
        value = getattr(rules, name)
        if value not in choices:
            raise RulesError(f"option {name} is one of {', '.join(choices)}, not {given(value)}",
                             f"l'option {name} vaut {' ou '.join(choices)}, pas {quoted_fr(value)}")
    for name in ("deals", "game_points", "points_per_odd_trick", "rubbers"):
        if getattr(rules, name) < 1:
            raise RulesError(f"option {name} must be at least 1", f"l'option {name} vaut au moins 1")
    if rules.game_and_rubber_points and not 1 <= rules.single_game_from <= rules.game_points:
        # (without game points, as in simple whist, nothing reads it)
        # both values said: game_points lowered alone (5 in short whist) refuses the preset's own
        raise RulesError(f"option single_game_from is {rules.single_game_from}: it must be between 1"
                         f" and game_points ({rules.game_points})",
                         f"l'option single_game_from vaut {rules.single_game_from} : elle doit être"
                         f" comprise entre 1 et game_points ({rules.game_points})")
    for name in _FLOATS:
        if not math.isfinite(getattr(rules, name)):
            raise RulesError(f"option {name} takes a finite number, not {getattr(rules, name)!r}",
                             f"l'option {name} vaut un nombre fini, pas {quoted_fr(getattr(rules, name))}")
    if rules.rubber_bonus < 0 or rules.stake < 0:
        raise RulesError("options rubber_bonus and stake cannot be negative",
                         "les options rubber_bonus et stake ne peuvent pas être négatives")


def parse_option(text: str) -> tuple[str, str]:
    """Split ``name=value`` as given to ``--option``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise RulesError(f"--option takes name=value, not {text!r}",
                         f"--option s'écrit nom=valeur, pas « {text} »")
    return name.strip(), value.strip()


TOML_ERRORS_FR: dict[str, str] = {
    "Invalid value": "valeur invalide",
    "Invalid statement": "ligne invalide",
    "Expected '=' after a key in a key/value pair": "un = manque après le nom de l'option",
    "Invalid initial character for a key part": "un nom d'option ne commence pas ainsi",
    "Expected newline or end of document after a statement": "une seule option par ligne",
    "Unterminated string": "un texte entre guillemets n'est pas fermé",
    "Unclosed array": "une liste n'est pas fermée par ]",
    "Unclosed inline table": "une table n'est pas fermée par }",
    "Cannot overwrite a value": "une option est donnée deux fois",
    "Expected ']' at the end of a table declaration": "un ] manque à la fin du nom de la table",
    "Expected ']]' at the end of an array declaration": "un ]] manque à la fin du nom de la table",
    "Invalid date or datetime": "date invalide",
    "Invalid hex value": "valeur hexadécimale invalide",
    "Unescaped '\\' in a string": "une barre oblique inverse seule dans un texte",
}
"""What Python's TOML reader says is wrong in a file, in French (it says it in English); another one
is given as it says it."""


def _toml_where_fr(exc: tomllib.TOMLDecodeError) -> str:
    """What is wrong in a TOML file and where, in French (:data:`TOML_ERRORS_FR`, else the reader's
    own English words).

    >>> try:
    ...     tomllib.loads("game_points = \\n")
    ... except tomllib.TOMLDecodeError as exc:
    ...     _toml_where_fr(exc)
    'valeur invalide, ligne 1 colonne 15'
    """
    text = str(exc)
    at = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", text, flags=re.S)
    if at is not None:
        return f"{TOML_ERRORS_FR.get(at[1], at[1])}, ligne {at[2]} colonne {at[3]}"
    end = re.fullmatch(r"(.*) \(at end of document\)", text, flags=re.S)
    if end is not None:
        return f"{TOML_ERRORS_FR.get(end[1], end[1])}, à la fin du fichier"
    return text


def load_rules(path: str | Path, base: Rules | None = None) -> Rules:
    """Rules from a TOML file: ``preset = "short"`` and option values, at the top or under ``[options]``
    (UTF-8, a byte order mark before them allowed, as a text editor on Windows may save it)."""
    try:
        data = tomllib.loads(read_at_most(path, ("a rules file", "un fichier de règles"), RulesError)
                             .decode("utf-8").removeprefix("\ufeff"))
    except RulesError:  # too large (read_at_most): said as it is, not as a number too long below
        raise
    except OSError as exc:
        raise RulesError(f"cannot read rules file {path}: {os_reason(exc)}",
                         f"impossible de lire le fichier de règles {path} : {os_reason(exc, 'fr')}") from None
    except UnicodeDecodeError:
        raise RulesError(f"rules file {path} is not UTF-8 text (TOML is read as UTF-8)",
                         f"le fichier de règles {path} n'est pas du texte UTF-8 (le TOML se lit en"
                         " UTF-8)") from None
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"rules file {path} is not valid TOML: {exc}",
                         f"le fichier de règles {path} n'est pas du TOML valide"
                         f" ({_toml_where_fr(exc)})") from None
    except RecursionError:
        raise RulesError(f"rules file {path} is nested too deeply",
                         f"le fichier de règles {path} est imbriqué trop profondément") from None
    except ValueError:  # the one other that tomllib raises: a whole number of too many digits
        most = sys.get_int_max_str_digits()
        raise RulesError(f"rules file {path}: a number in it has more than {most} digits",
                         f"fichier de règles {path} : un nombre y a plus de {most} chiffres") from None
    name = data.pop("preset", None)
    rules = preset(str(name)) if name is not None else (base or Rules())
    options = data.pop("options", {})
    if not isinstance(options, dict):
        raise RulesError(f"[options] in {path} must be a table",
                         f"[options] de {path} doit être une table TOML")
    both = sorted(set(options) & set(data))
    if both:  # which one holds? neither: said, as TOML says of a key given twice in one table
        raise RulesError(f"{path}: option {both[0]} is given twice, at the top and under [options]:"
                         " give it once",
                         f"{path} : l'option {both[0]} est donnée deux fois, en tête et sous [options] :"
                         " donnez-la une seule fois")
    options.update(data)
    return with_options(rules, options)
