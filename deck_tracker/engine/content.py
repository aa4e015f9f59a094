"""Content packs: the game data (board, Generals, heroes, decks) as validated, immutable objects.

A pack is a folder of JSON files (see ``deck_tracker/content/packs/dotr-base``)::

    pack.json                 id, name, game_system, expansion, version, sources, notes
    locations.json            {"items": [...]}   spaces of the board
    roads.json                {"items": [...]}   connections between spaces
    generals.json             {"items": [...]}
    minions.json              {"items": [...]}
    heroes.json               {"items": [...]}
    decks/<deck>.json         {"deck": <deck>, "auto_reshuffle": bool, "cards": [...]}

Everything is checked on load; any problem raises :class:`ContentError` whose message names the
file, the item and the field.  Pure Python: no Django, no I/O besides reading the pack files.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NoReturn

from deck_tracker.engine.slugs import SLUG_PATTERN, slugify

if TYPE_CHECKING:  # pragma: no cover
    from .content_fill import FillCollector, FillSpec, OpenDeck, Origin

__all__ = [
    "COLOURS",
    "CONFIDENCES",
    "DEFAULT_PACKS_DIR",
    "LOCATION_KINDS",
    "MOVEMENTS",
    "ROAD_STATUSES",
    "Card",
    "ContentError",
    "DeckSpec",
    "General",
    "Hero",
    "Location",
    "MinionType",
    "Pack",
    "Road",
    "UnknownContentError",
    "default_packs",
    "load_pack",
    "load_packs",
]

COLOURS: tuple[str, ...] = ("green", "black", "red", "blue")
CONFIDENCES: tuple[str, ...] = ("high", "medium", "low")
LOCATION_KINDS: tuple[str, ...] = ("location", "city", "inn")
ROAD_STATUSES: tuple[str, ...] = ("consensus", "likely", "disputed")
TRAVEL_ICONS: tuple[str, ...] = ("horse", "eagle", "magic_gate")
DS_KINDS: tuple[str, ...] = (
    "standard",
    "orc_patrols",
    "orc_war_party",
    "all_is_quiet",
    "monarch_city",
    # Dragon expansion: Sterling's cards (she lands at data.location) and the "Special" cards
    # that replace the Orc cards when the Orcs are not used (data.text, read at the table).
    "sterling",
    "special",
)
#: How a General moves: along its path, or (Brimstone) to the location its card names.
MOVEMENTS: tuple[str, ...] = ("path", "dragon_flight")
HERO_CARD_KINDS: tuple[str, ...] = ("location", "special")
QUEST_LOCATION_RULES: tuple[str, ...] = (
    "at_location",
    "each_of",
    "any_of_colour",
    "general_location",
    "none",
)
#: ``general_to`` value meaning "the next space on the General's path".
NEXT_ON_PATH = "next"

DEFAULT_PACKS_DIR = Path(__file__).resolve().parent.parent / "content" / "packs"

_VERSION = re.compile(r"^\d+\.\d+\.\d+$")
_SNAKE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")


class ContentError(Exception):
    """A content pack is malformed, or something asked of it does not exist.

    ``file``, ``item`` and ``field`` say where, when the problem is in a pack's data.
    """

    def __init__(
        self, *args: object, file: str | None = None, item: str | None = None,
        field: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(*args)
        self.file, self.item, self.field = file, item, field


class UnknownContentError(ContentError, KeyError):
    """A look-up by name or id found nothing (also a ``KeyError``)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


# --------------------------------------------------------------------------------------------
# Data classes
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    aliases: tuple[str, ...]
    colour: str | None
    kind: str
    treasure_chest: bool
    starting_gate: bool
    provenance: tuple[str, ...]
    confidence: str
    note: str = ""


@dataclass(frozen=True)
class Road:
    a: str
    b: str
    status: str
    provenance: tuple[str, ...]
    confidence: str = "high"
    note: str = ""

    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True)
class General:
    id: str
    name: str
    colour: str
    faction: str
    life: int | None  # None: not yet entered (content_fill.py)
    to_hit: int | None
    start: str
    path: tuple[str, ...]
    starting_minions: int | None
    major_wound_at_or_below: int | None
    skill_key: str
    skill_summary: str
    provenance: tuple[str, ...]
    confidence: str
    defeat_wounds: str = ""
    defeat_cards_lost: str = ""
    note: str = ""
    movement: str = "path"
    dragon: bool = False


@dataclass(frozen=True)
class MinionType:
    id: str
    name: str
    plural: str
    colour: str
    to_hit: int | None  # None: set by ``to_hit_rule`` (Dragon Masters)
    supply: int
    taints_at: int
    general: str | None
    provenance: tuple[str, ...]
    confidence: str
    note: str = ""
    skills: tuple[str, ...] = ()
    to_hit_rule: str = ""


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    life: int
    abilities: tuple[str, ...]
    provenance: tuple[str, ...]
    confidence: str
    note: str = ""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    data: Mapping[str, Any]
    provenance: tuple[str, ...]
    confidence: str
    note: str = ""


@dataclass(frozen=True)
class DeckSpec:
    name: str
    cards: tuple[Card, ...]
    auto_reshuffle: bool

    def card_ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards)


@dataclass(frozen=True)
class Pack:
    id: str
    name: str
    game_system: str
    expansion: str
    version: str
    sources: Mapping[str, str]
    locations: Mapping[str, Location]
    roads: tuple[Road, ...]
    generals: Mapping[str, General]
    minion_types: Mapping[str, MinionType]
    heroes: Mapping[str, Hero]
    decks: Mapping[str, DeckSpec]
    notes: tuple[str, ...]
    _names: Mapping[str, str] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False
    )
    # An expansion names the packs it builds on (their locations and Generals are its own to
    # refer to) and may count its tokens (``components``: {"warlords": 10, ...}).
    requires: tuple[str, ...] = ()
    components: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # Content players enter (content_fill.py): fields null until entered, decks they add to.
    fillables: Mapping[str, FillSpec] = field(default_factory=lambda: MappingProxyType({}))
    open_decks: Mapping[str, OpenDeck] = field(default_factory=lambda: MappingProxyType({}))
    _origin: Origin | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self._names:
            object.__setattr__(self, "_names", MappingProxyType(_location_names(self.locations)))

    def adjacency(self, include_disputed: bool = False) -> dict[str, tuple[str, ...]]:
        """Neighbours of every location (sorted, symmetric).

        Consensus and likely roads always count; disputed ones only when asked for.
        """
        neighbours: dict[str, set[str]] = {loc_id: set() for loc_id in self.locations}
        for road in self.roads:
            if road.status == "disputed" and not include_disputed:
                continue
            neighbours[road.a].add(road.b)
            neighbours[road.b].add(road.a)
        return {loc_id: tuple(sorted(found)) for loc_id, found in neighbours.items()}

    def resolve_location(self, name_or_id_or_alias: str) -> str:
        """The id of a location given its id, name or a known alias, in any case or spelling
        of punctuation/accents."""
        if name_or_id_or_alias in self.locations:
            return name_or_id_or_alias
        found = self._names.get(slugify(name_or_id_or_alias))
        if found is None:
            raise UnknownContentError(f"{self.id}: unknown location {name_or_id_or_alias!r}")
        return found

    def location(self, name_or_id_or_alias: str) -> Location:
        return self.locations[self.resolve_location(name_or_id_or_alias)]

    def deck(self, deck: str) -> DeckSpec:
        try:
            return self.decks[deck]
        except KeyError:
            raise UnknownContentError(f"{self.id}: unknown deck {deck!r}") from None

    def card(self, deck: str, card_id: str) -> Card:
        for card in self.deck(deck).cards:
            if card.id == card_id:
                return card
        raise UnknownContentError(f"{self.id}: deck {deck!r}: unknown card {card_id!r}")


def _location_names(locations: Mapping[str, Location]) -> dict[str, str]:
    names: dict[str, str] = {}
    for loc in locations.values():
        for spelling in (loc.id, loc.name, *loc.aliases):
            names.setdefault(slugify(spelling), loc.id)
    return names


# --------------------------------------------------------------------------------------------
# Reading helpers
# --------------------------------------------------------------------------------------------


class _Where:
    """Where in the pack a value comes from, for error messages."""

    def __init__(self, file: str, item: str | None = None) -> None:
        self.file = file
        self.item = item

    def at(self, item: str) -> _Where:
        return _Where(self.file, item)

    def fail(self, fld: str, message: str) -> NoReturn:
        prefix = self.file if self.item is None else f"{self.file}: item {self.item!r}"
        raise ContentError(
            f"{prefix}: field {fld!r}: {message}", file=self.file, item=self.item, field=fld
        )


def _read_json(path: Path, label: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(f"{label}: file is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"{label}: cannot be read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContentError(
            f"{label}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None


def _require(obj: Mapping[str, Any], key: str, where: _Where) -> Any:
    if key not in obj:
        where.fail(key, "missing")
    return obj[key]


def _str(obj: Mapping[str, Any], key: str, where: _Where, *, empty: bool = False) -> str:
    value = _require(obj, key, where)
    if not isinstance(value, str):
        where.fail(key, f"expected a string, got {type(value).__name__}")
    if not empty and not value.strip():
        where.fail(key, "must not be empty")
    return value


def _opt_str(obj: Mapping[str, Any], key: str, where: _Where) -> str:
    if key not in obj:
        return ""
    return _str(obj, key, where, empty=True)


def _int(obj: Mapping[str, Any], key: str, where: _Where, *, minimum: int | None = None) -> int:
    value = _require(obj, key, where)
    if isinstance(value, bool) or not isinstance(value, int):
        where.fail(key, f"expected an integer, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        where.fail(key, f"must be at least {minimum}, got {value}")
    return value


def _opt_int(
    obj: Mapping[str, Any], key: str, where: _Where, *, minimum: int | None = None
) -> int | None:
    if _require(obj, key, where) is None:
        return None
    return _int(obj, key, where, minimum=minimum)


def _bool(obj: Mapping[str, Any], key: str, where: _Where) -> bool:
    value = _require(obj, key, where)
    if not isinstance(value, bool):
        where.fail(key, f"expected true or false, got {type(value).__name__}")
    return value


def _str_list(
    obj: Mapping[str, Any], key: str, where: _Where, *, nonempty: bool = False
) -> tuple[str, ...]:
    value = _require(obj, key, where)
    if not isinstance(value, list):
        where.fail(key, f"expected a list, got {type(value).__name__}")
    out: list[str] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, str) or not entry.strip():
            where.fail(key, f"entry {i} must be a non-empty string")
        out.append(entry)
    if nonempty and not out:
        where.fail(key, "must not be empty")
    return tuple(out)


def _choice(obj: Mapping[str, Any], key: str, where: _Where, choices: Sequence[str]) -> str:
    value = _str(obj, key, where)
    if value not in choices:
        where.fail(key, f"{value!r} is not one of {', '.join(choices)}")
    return value


def _colour(
    obj: Mapping[str, Any], key: str, where: _Where, *, nullable: bool = False
) -> str | None:
    value = _require(obj, key, where)
    if value is None and nullable:
        return None
    if value not in COLOURS:
        where.fail(key, f"unknown colour {value!r} (expected one of {', '.join(COLOURS)})")
    assert isinstance(value, str)
    return value


def _slug_id(obj: Mapping[str, Any], key: str, where: _Where) -> str:
    value = _str(obj, key, where)
    if SLUG_PATTERN.fullmatch(value) is None:
        where.fail(key, f"{value!r} is not a valid id (lowercase words joined by '-')")
    return value


def _key(obj: Mapping[str, Any], key: str, where: _Where) -> str:
    """A snake_case key (deck names, skill keys)."""
    value = _str(obj, key, where)
    if _SNAKE.fullmatch(value) is None:
        where.fail(key, f"{value!r} is not a valid key (lowercase words joined by '_')")
    return value


def _object(value: Any, where: _Where, fld: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        where.fail(fld, f"expected an object, got {type(value).__name__}")
    return value


def _no_extra(obj: Mapping[str, Any], allowed: Iterable[str], where: _Where) -> None:
    extra = sorted(set(obj) - set(allowed))
    if extra:
        where.fail(extra[0], "unknown field")


def _items(doc: Any, label: str, key: str = "items") -> list[Mapping[str, Any]]:
    where = _Where(label)
    root = _object(doc, where, key)
    value = _require(root, key, where)
    if not isinstance(value, list):
        where.fail(key, f"expected a list, got {type(value).__name__}")
    out: list[Mapping[str, Any]] = []
    for i, entry in enumerate(value):
        out.append(_object(entry, where.at(f"#{i}"), key))
    return out


def _item_where(raw: Mapping[str, Any], index: int, where: _Where, key: str = "id") -> _Where:
    value = raw.get(key)
    return where.at(value if isinstance(value, str) and value else f"#{index}")


class _Common:
    """Provenance and confidence, checked against the pack's sources."""

    def __init__(self, sources: Mapping[str, str], fill: FillCollector | None = None) -> None:
        self.sources = sources
        self.fill = fill

    def unfilled(self, obj: Mapping[str, Any], key: str, where: _Where) -> bool:
        """A null value that players have yet to enter (a declared fillable field)."""
        return (
            obj.get(key) is None
            and self.fill is not None
            and self.fill.unfilled(where.file, where.item, key)
        )

    def provenance(self, obj: Mapping[str, Any], where: _Where) -> tuple[str, ...]:
        keys = _str_list(obj, "provenance", where, nonempty=True)
        for key in keys:
            if key not in self.sources:
                where.fail("provenance", f"unknown source {key!r}")
        return keys

    def confidence(self, obj: Mapping[str, Any], where: _Where) -> str:
        return _choice(obj, "confidence", where, CONFIDENCES)


# --------------------------------------------------------------------------------------------
# Loaders, one per file
# --------------------------------------------------------------------------------------------

_LOCATION_FIELDS = (
    "id", "name", "aliases", "colour", "kind", "treasure_chest", "starting_gate",
    "provenance", "confidence", "note",
)  # fmt: skip


def _load_locations(doc: Any, label: str, common: _Common) -> dict[str, Location]:
    where = _Where(label)
    locations: dict[str, Location] = {}
    spellings: dict[str, str] = {}
    for i, raw in enumerate(_items(doc, label)):
        w = _item_where(raw, i, where)
        _no_extra(raw, _LOCATION_FIELDS, w)
        loc_id = _slug_id(raw, "id", w)
        if loc_id in locations:
            w.fail("id", f"duplicate id {loc_id!r}")
        kind = _choice(raw, "kind", w, LOCATION_KINDS)
        colour = _colour(raw, "colour", w, nullable=True)
        if kind == "location" and colour is None:
            w.fail("colour", "a location of kind 'location' needs a colour")
        if kind != "location" and colour is not None:
            w.fail("colour", f"a location of kind {kind!r} has no colour (use null)")
        loc = Location(
            id=loc_id,
            name=_str(raw, "name", w),
            aliases=_str_list(raw, "aliases", w),
            colour=colour,
            kind=kind,
            treasure_chest=_bool(raw, "treasure_chest", w),
            starting_gate=_bool(raw, "starting_gate", w),
            provenance=common.provenance(raw, w),
            confidence=common.confidence(raw, w),
            note=_opt_str(raw, "note", w),
        )
        if slugify(loc.name) != loc_id:
            w.fail("id", f"id must be the slug of the name ({slugify(loc.name)!r})")
        for fld, spelling in [("name", loc.name)] + [("aliases", a) for a in loc.aliases]:
            key = slugify(spelling)
            if not key:
                w.fail(fld, f"{spelling!r} has no letters or digits")
            owner = spellings.get(key)
            if owner is not None and owner != loc_id:
                w.fail(fld, f"{spelling!r} is already a name or alias of {owner!r}")
            spellings[key] = loc_id
        locations[loc_id] = loc
    if not locations:
        where.fail("items", "no locations")
    return locations


def _load_roads(
    doc: Any, label: str, common: _Common, locations: Mapping[str, Location]
) -> tuple[Road, ...]:
    where = _Where(label)
    roads: list[Road] = []
    seen: set[frozenset[str]] = set()
    for i, raw in enumerate(_items(doc, label)):
        a_raw, b_raw = raw.get("a"), raw.get("b")
        w = where.at(
            f"{a_raw}--{b_raw}" if isinstance(a_raw, str) and isinstance(b_raw, str) else f"#{i}"
        )
        _no_extra(raw, ("a", "b", "status", "provenance", "confidence", "note"), w)
        ends: list[str] = []
        for fld in ("a", "b"):
            loc_id = _str(raw, fld, w)
            if loc_id not in locations:
                w.fail(fld, f"unknown location {loc_id!r}")
            ends.append(loc_id)
        if ends[0] == ends[1]:
            w.fail("b", "a road must join two different locations")
        key = frozenset(ends)
        if key in seen:
            w.fail("b", "duplicate road")
        seen.add(key)
        roads.append(
            Road(
                a=ends[0],
                b=ends[1],
                status=_choice(raw, "status", w, ROAD_STATUSES),
                provenance=common.provenance(raw, w),
                confidence=common.confidence(raw, w),
                note=_opt_str(raw, "note", w),
            )
        )
    return tuple(roads)


_GENERAL_FIELDS = (
    "id", "name", "colour", "faction", "life", "to_hit", "start", "path", "starting_minions",
    "major_wound_at_or_below", "skill_key", "skill_summary", "defeat_wounds",
    "defeat_cards_lost", "provenance", "confidence", "note", "movement", "dragon",
)  # fmt: skip


def _load_generals(
    doc: Any, label: str, common: _Common, locations: Mapping[str, Location]
) -> dict[str, General]:
    where = _Where(label)
    generals: dict[str, General] = {}
    for i, raw in enumerate(_items(doc, label)):
        w = _item_where(raw, i, where)
        _no_extra(raw, _GENERAL_FIELDS, w)
        gen_id = _slug_id(raw, "id", w)
        if gen_id in generals:
            w.fail("id", f"duplicate id {gen_id!r}")
        start = _str(raw, "start", w)
        if start not in locations:
            w.fail("start", f"unknown location {start!r}")
        path = _str_list(raw, "path", w, nonempty=True)
        for step in path:
            if step not in locations:
                w.fail("path", f"unknown location {step!r}")
        if path[0] != start:
            w.fail("path", f"must begin at the start location {start!r}")
        movement = _choice(raw, "movement", w, MOVEMENTS) if "movement" in raw else "path"
        if movement == "dragon_flight" and len(path) != 1:
            w.fail("path", "a General of dragon_flight has no path: only its start")
        if movement == "path" and locations[path[-1]].kind != "city":
            w.fail("path", f"must end in the city, not {path[-1]!r}")
        if len(set(path)) != len(path):
            w.fail("path", "visits a location twice")
        colour = _colour(raw, "colour", w)
        assert colour is not None
        life = None if common.unfilled(raw, "life", w) else _int(raw, "life", w, minimum=1)
        wound = _opt_int(raw, "major_wound_at_or_below", w, minimum=0)
        if wound is not None and life is not None and wound >= life:
            w.fail("major_wound_at_or_below", f"must be below life ({life})")
        to_hit = None if common.unfilled(raw, "to_hit", w) else _int(raw, "to_hit", w, minimum=1)
        if to_hit is not None and to_hit > 6:
            w.fail("to_hit", f"must be at most 6, got {to_hit}")
        generals[gen_id] = General(
            id=gen_id,
            name=_str(raw, "name", w),
            colour=colour,
            faction=_str(raw, "faction", w),
            life=life,
            to_hit=to_hit,
            start=start,
            path=path,
            starting_minions=None
            if common.unfilled(raw, "starting_minions", w)
            else _int(raw, "starting_minions", w, minimum=0),
            major_wound_at_or_below=wound,
            skill_key=_key(raw, "skill_key", w),
            skill_summary=""
            if common.unfilled(raw, "skill_summary", w)
            else _str(raw, "skill_summary", w),
            defeat_wounds=_opt_str(raw, "defeat_wounds", w),
            defeat_cards_lost=_opt_str(raw, "defeat_cards_lost", w),
            provenance=common.provenance(raw, w),
            confidence=common.confidence(raw, w),
            note=_opt_str(raw, "note", w),
            movement=movement,
            dragon=_bool(raw, "dragon", w) if "dragon" in raw else False,
        )
    return generals


def _load_minions(
    doc: Any, label: str, common: _Common, generals: Mapping[str, General]
) -> dict[str, MinionType]:
    where = _Where(label)
    minions: dict[str, MinionType] = {}
    colours: dict[str, str] = {}
    fields = ("id", "name", "plural", "colour", "to_hit", "supply", "taints_at", "general",
              "provenance", "confidence", "note", "skills", "to_hit_rule")  # fmt: skip
    for i, raw in enumerate(_items(doc, label)):
        w = _item_where(raw, i, where)
        _no_extra(raw, fields, w)
        m_id = _slug_id(raw, "id", w)
        if m_id in minions:
            w.fail("id", f"duplicate id {m_id!r}")
        colour = _colour(raw, "colour", w)
        assert colour is not None
        if colour in colours:
            w.fail("colour", f"colour {colour!r} already used by {colours[colour]!r}")
        colours[colour] = m_id
        general = _require(raw, "general", w)
        if general is not None:
            general = _str(raw, "general", w)
            if general not in generals:
                w.fail("general", f"unknown general {general!r}")
        # A to-hit set by a rule (Dragon Masters: 2 + the dragons in play) is null.
        rule = _key(raw, "to_hit_rule", w) if "to_hit_rule" in raw else ""
        to_hit = None if rule and raw.get("to_hit") is None else _int(raw, "to_hit", w, minimum=1)
        if to_hit is not None and to_hit > 6:
            w.fail("to_hit", f"must be at most 6, got {to_hit}")
        minions[m_id] = MinionType(
            id=m_id,
            name=_str(raw, "name", w),
            plural=_str(raw, "plural", w),
            colour=colour,
            to_hit=to_hit,
            supply=_int(raw, "supply", w, minimum=1),
            taints_at=_int(raw, "taints_at", w, minimum=1),
            general=general,
            provenance=common.provenance(raw, w),
            confidence=common.confidence(raw, w),
            note=_opt_str(raw, "note", w),
            skills=_str_list(raw, "skills", w) if "skills" in raw else (),
            to_hit_rule=rule,
        )
    return minions


def _load_heroes(doc: Any, label: str, common: _Common) -> dict[str, Hero]:
    where = _Where(label)
    heroes: dict[str, Hero] = {}
    for i, raw in enumerate(_items(doc, label)):
        w = _item_where(raw, i, where)
        _no_extra(raw, ("id", "name", "life", "abilities", "provenance", "confidence", "note"), w)
        h_id = _slug_id(raw, "id", w)
        if h_id in heroes:
            w.fail("id", f"duplicate id {h_id!r}")
        heroes[h_id] = Hero(
            id=h_id,
            name=_str(raw, "name", w),
            life=_int(raw, "life", w, minimum=1),
            abilities=_str_list(raw, "abilities", w),
            provenance=common.provenance(raw, w),
            confidence=common.confidence(raw, w),
            note=_opt_str(raw, "note", w),
        )
    return heroes


class _CardChecker:
    """Checks the references inside card data against the rest of the pack."""

    def __init__(self, locations: Mapping[str, Location], generals: Mapping[str, General]) -> None:
        self.locations = locations
        self.generals = generals

    def location(
        self, data: Mapping[str, Any], key: str, w: _Where, *, nullable: bool = False
    ) -> str | None:
        fld = f"data.{key}"
        if key not in data:
            w.fail(fld, "missing")
        value = data[key]
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            w.fail(fld, f"expected a location id, got {type(value).__name__}")
        if value not in self.locations:
            w.fail(fld, f"unknown location {value!r}")
        return value

    def colour(self, data: Mapping[str, Any], key: str, w: _Where) -> str:
        fld = f"data.{key}"
        value = data.get(key)
        if value not in COLOURS:
            w.fail(fld, f"unknown colour {value!r} (expected one of {', '.join(COLOURS)})")
        assert isinstance(value, str)
        return value

    def int_(self, data: Mapping[str, Any], key: str, w: _Where, minimum: int) -> int:
        fld = f"data.{key}"
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            w.fail(fld, "expected an integer")
        if value < minimum:
            w.fail(fld, f"must be at least {minimum}, got {value}")
        return value

    def text(self, data: Mapping[str, Any], key: str, w: _Where) -> str:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            w.fail(f"data.{key}", "expected a non-empty string")
        return value

    def general(
        self, data: Mapping[str, Any], key: str, w: _Where, *, nullable: bool
    ) -> str | None:
        fld = f"data.{key}"
        if key not in data:
            w.fail(fld, "missing")
        value = data[key]
        if value is None and nullable:
            return None
        if not isinstance(value, str) or value not in self.generals:
            w.fail(fld, f"unknown general {value!r}")
        return value

    def generic(self, data: Mapping[str, Any], w: _Where) -> None:
        """References any card may carry, whatever its deck."""
        if "location" in data:
            self.location(data, "location", w, nullable=True)
        if "locations" in data:
            value = data["locations"]
            if not isinstance(value, list):
                w.fail("data.locations", "expected a list of location ids")
            for entry in value:
                if not isinstance(entry, str) or entry not in self.locations:
                    w.fail("data.locations", f"unknown location {entry!r}")
        if "colour" in data and data["colour"] is not None:
            self.colour(data, "colour", w)
        if "general" in data:
            self.general(data, "general", w, nullable=True)

    def darkness_spreads(self, kind: str, data: Mapping[str, Any], w: _Where) -> None:
        if kind not in DS_KINDS:
            w.fail("kind", f"{kind!r} is not one of {', '.join(DS_KINDS)}")
        placements = data.get("placements")
        if not isinstance(placements, list):
            w.fail("data.placements", "expected a list")
        for i, raw in enumerate(placements):
            fld = f"data.placements[{i}]"
            if not isinstance(raw, dict):
                w.fail(fld, "expected an object")
            for key in ("location", "colour", "count"):
                if key not in raw:
                    w.fail(f"{fld}.{key}", "missing")
            loc = raw["location"]
            if not isinstance(loc, str) or loc not in self.locations:
                w.fail(f"{fld}.location", f"unknown location {loc!r}")
            if raw["colour"] not in COLOURS:
                w.fail(f"{fld}.colour", f"unknown colour {raw['colour']!r}")
            count = raw["count"]
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                w.fail(f"{fld}.count", f"expected a positive integer, got {count!r}")
        if kind == "standard" and not placements:
            w.fail("data.placements", "a standard card places minions")
        general = self.general(data, "general", w, nullable=True)
        if "general_to" not in data:
            w.fail("data.general_to", "missing")
        target = data["general_to"]
        minions = self.int_(data, "general_minions", w, 0)
        if general is None:
            if target is not None:
                w.fail("data.general_to", "must be null when no General is named")
            if minions:
                w.fail("data.general_minions", "must be 0 when no General is named")
            return
        if target == NEXT_ON_PATH:
            return
        if not isinstance(target, str) or target not in self.locations:
            w.fail("data.general_to", f"unknown location {target!r}")
        if self.generals[general].movement == "dragon_flight":
            return  # Dragon Flight: the card names where he lands, anywhere on the board
        if target not in self.generals[general].path[1:]:
            w.fail("data.general_to", f"{target!r} is not on the path of {general!r}")

    def hero(self, kind: str, data: Mapping[str, Any], w: _Where) -> None:
        if kind not in HERO_CARD_KINDS:
            w.fail("kind", f"{kind!r} is not one of {', '.join(HERO_CARD_KINDS)}")
        self.int_(data, "dice", w, 0)
        if kind == "special":
            self.text(data, "summary", w)
            return
        loc = self.location(data, "location", w)
        assert loc is not None
        colour = self.colour(data, "colour", w)
        if self.locations[loc].colour != colour:
            w.fail("data.colour", f"{colour!r} is not the colour of {loc!r}")
        travel = data.get("travel")
        if travel not in TRAVEL_ICONS:
            w.fail("data.travel", f"{travel!r} is not one of {', '.join(TRAVEL_ICONS)}")

    def quest(self, kind: str, data: Mapping[str, Any], w: _Where) -> None:
        if kind != "quest":
            w.fail("kind", f"{kind!r} is not 'quest'")
        self.text(data, "test", w)
        self.text(data, "reward", w)
        location = self.location(data, "location", w, nullable=True)
        rule = data.get("location_rule", "at_location" if location else "none")
        if rule not in QUEST_LOCATION_RULES:
            w.fail(
                "data.location_rule", f"{rule!r} is not one of {', '.join(QUEST_LOCATION_RULES)}"
            )
        if rule == "at_location" and location is None:
            w.fail("data.location", "needed when location_rule is 'at_location'")
        if rule == "each_of" and not data.get("locations"):
            w.fail("data.locations", "needed when location_rule is 'each_of'")
        if rule == "any_of_colour":
            self.colour(data, "colour", w)
        if rule == "general_location" and data.get("general") is None:
            w.fail("data.general", "needed when location_rule is 'general_location'")


def _load_deck(
    doc: Any, label: str, stem: str, common: _Common, checker: _CardChecker,
    card_owner: dict[str, str],
) -> DeckSpec:  # fmt: skip
    where = _Where(label)
    root = _object(doc, where, "deck")
    _no_extra(root, ("deck", "auto_reshuffle", "cards"), where)
    name = _key(root, "deck", where)
    if name != stem:
        where.fail("deck", f"deck {name!r} must match the file name {stem!r}")
    auto = _bool(root, "auto_reshuffle", where)
    cards: list[Card] = []
    for i, raw in enumerate(_items(doc, label, "cards")):
        w = _item_where(raw, i, where)
        _no_extra(raw, ("id", "name", "kind", "data", "provenance", "confidence", "note"), w)
        card_id = _slug_id(raw, "id", w)
        if card_id in card_owner:
            w.fail("id", f"duplicate card id {card_id!r} (already used in {card_owner[card_id]})")
        card_owner[card_id] = label
        kind = _str(raw, "kind", w)
        data = _object(_require(raw, "data", w), w, "data")
        checker.generic(data, w)
        if common.fill is not None and common.fill.waiting_in(w.file, w.item):
            # Some printed values are still to be entered: check the card once they are.
            pass
        elif name == "darkness_spreads":
            checker.darkness_spreads(kind, data, w)
        elif name == "hero":
            checker.hero(kind, data, w)
        elif name == "quest":
            checker.quest(kind, data, w)
        else:
            from .content_checks import check_expansion_card

            check_expansion_card(name, checker, kind, data, w)
        cards.append(
            Card(
                id=card_id,
                name=_str(raw, "name", w),
                kind=kind,
                data=_freeze(data),
                provenance=common.provenance(raw, w),
                confidence=common.confidence(raw, w),
                note=_opt_str(raw, "note", w),
            )
        )
    if not cards and (common.fill is None or name not in common.fill.open_decks):
        where.fail("cards", "a deck needs cards (or an 'open' declaration: players add them)")
    return DeckSpec(name=name, cards=tuple(cards), auto_reshuffle=auto)


def _freeze(value: Any) -> Any:
    """Read-only copies of JSON containers (dict -> mapping proxy, list -> tuple)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# --------------------------------------------------------------------------------------------
# Public entry points
# --------------------------------------------------------------------------------------------


def load_pack(
    directory: Path,
    available: Mapping[str, Pack] | None = None,
    *,
    overlay_docs: Mapping[str, Any] | None = None,
) -> Pack:
    """Read and validate the pack in ``directory``; raise :class:`ContentError` on any problem.

    An expansion pack lists in ``requires`` the packs it builds on (found in ``available``); its
    board files are then optional, and its cards may name the required packs' locations and
    Generals.

    ``overlay_docs`` (from :func:`content_fill.apply_overlay`) replaces the files with documents
    holding what players entered; errors then name ``overlay``.
    """
    from .content_fill import (
        ENTERED_DESCRIPTION,
        ENTERED_SOURCE,
        OVERLAY_LABEL,
        FillCollector,
        Origin,
    )

    directory = Path(directory)
    prefix = directory.name if overlay_docs is None else OVERLAY_LABEL
    bases: list[Pack] = []
    fill = FillCollector()
    read: dict[str, Any] = {}

    def exists(rel: str) -> bool:
        return rel in overlay_docs if overlay_docs is not None else (directory / rel).exists()

    def doc(rel: str) -> tuple[Any, str]:
        label = f"{prefix}/{rel}"
        if bases and not exists(rel):
            return {"items": []}, label
        if overlay_docs is not None and rel not in overlay_docs:
            raise ContentError(f"{label}: file is missing")
        raw = overlay_docs[rel] if overlay_docs is not None else _read_json(directory / rel, label)
        read[rel] = raw
        return fill.take(raw, rel, label), label

    meta, label = doc("pack.json")
    where = _Where(label)
    meta = _object(meta, where, "id")
    _no_extra(
        meta,
        ("id", "name", "game_system", "expansion", "version", "sources", "notes", "requires",
         "components"),
        where,
    )  # fmt: skip
    requires = _str_list(meta, "requires", where) if "requires" in meta else ()
    for required in requires:
        if available is None or required not in available:
            where.fail("requires", f"unknown pack {required!r}")
        bases.append(available[required])
    components: dict[str, int] = {}
    for name in _object(meta.get("components", {}), where, "components"):
        components[_key({"component": name}, "component", where)] = _int(
            meta["components"], name, where, minimum=0
        )
    pack_id = _slug_id(meta, "id", where)
    if pack_id != directory.name:
        where.fail("id", f"{pack_id!r} must match the folder name {directory.name!r}")
    version = _str(meta, "version", where)
    if _VERSION.fullmatch(version) is None:
        where.fail("version", f"{version!r} is not MAJOR.MINOR.PATCH")
    raw_sources = _object(_require(meta, "sources", where), where, "sources")
    sources: dict[str, str] = {}
    for key, value in raw_sources.items():
        if not isinstance(value, str) or not value.strip():
            where.fail("sources", f"source {key!r} needs a description")
        sources[key] = value
    if not sources:
        where.fail("sources", "must not be empty")
    if exists("fillable.json"):
        fill.read_fillable(*doc("fillable.json"))
    known_sources = dict(sources)
    if overlay_docs is not None:
        known_sources[ENTERED_SOURCE] = ENTERED_DESCRIPTION
    common = _Common(known_sources, fill)

    locations = (
        {}
        if bases and not exists("locations.json")
        else _load_locations(*doc("locations.json"), common)
    )
    # An expansion refers to the locations and Generals of the packs it requires.
    known_locations: dict[str, Location] = {}
    for base in bases:
        known_locations.update(base.locations)
    known_locations.update(locations)
    roads = _load_roads(*doc("roads.json"), common, known_locations)
    generals = _load_generals(*doc("generals.json"), common, known_locations)
    known_generals: dict[str, General] = {}
    for base in bases:
        known_generals.update(base.generals)
    known_generals.update(generals)
    minions = _load_minions(*doc("minions.json"), common, known_generals)
    heroes = _load_heroes(*doc("heroes.json"), common)

    checker = _CardChecker(known_locations, known_generals)
    # Card ids are unique across a pack and the packs it requires (a game looks cards up by id).
    card_owner: dict[str, str] = {
        card.id: f"{base.id}/decks/{deck.name}.json"
        for base in bases
        for deck in base.decks.values()
        for card in deck.cards
    }
    decks: dict[str, DeckSpec] = {}
    if overlay_docs is not None:
        deck_names = sorted(rel[6:-5] for rel in overlay_docs if rel.startswith("decks/"))
    else:
        deck_dir = directory / "decks"
        deck_names = sorted(p.stem for p in deck_dir.glob("*.json")) if deck_dir.is_dir() else []
    for stem in deck_names:
        data, deck_label = doc(f"decks/{stem}.json")
        deck = _load_deck(data, deck_label, stem, common, checker, card_owner)
        decks[deck.name] = deck
    fill.finish(set(read), label)

    return Pack(
        id=pack_id,
        name=_str(meta, "name", where),
        game_system=_slug_id(meta, "game_system", where),
        expansion=_slug_id(meta, "expansion", where),
        version=version,
        sources=MappingProxyType(sources),
        locations=MappingProxyType(locations),
        roads=roads,
        generals=MappingProxyType(generals),
        minion_types=MappingProxyType(minions),
        heroes=MappingProxyType(heroes),
        decks=MappingProxyType(decks),
        notes=_str_list(meta, "notes", where),
        requires=requires,
        components=MappingProxyType(components),
        fillables=MappingProxyType(dict(fill.specs)),
        open_decks=MappingProxyType(dict(fill.open_decks)),
        _origin=Origin(
            directory=directory,
            bases=MappingProxyType({base.id: base for base in bases}),
            docs=MappingProxyType(read),
        ),
    )


def load_packs(root: Path) -> dict[str, Pack]:
    """Load every pack folder under ``root`` (folders starting with ``.`` or ``_`` are skipped)."""
    packs: dict[str, Pack] = {}
    waiting = [
        sub
        for sub in sorted(Path(root).iterdir())
        if sub.is_dir()
        and not sub.name.startswith((".", "_"))
        and (sub / "pack.json").is_file()  # other game systems keep their own manifest
    ]
    # Expansions load after the packs they require (``requires`` in their pack.json).
    while waiting:
        ready = [sub for sub in waiting if set(_requires(sub)) <= set(packs)]
        for sub in ready or waiting[:1]:
            pack = load_pack(sub, packs)
            packs[pack.id] = pack
            waiting.remove(sub)
    return packs


def _requires(directory: Path) -> list[str]:
    """The packs a pack folder requires, read loosely (load_pack checks them properly)."""
    try:
        meta = json.loads((directory / "pack.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return []
    requires = meta.get("requires") if isinstance(meta, dict) else None
    return [r for r in requires if isinstance(r, str)] if isinstance(requires, list) else []


@functools.cache
def default_packs() -> dict[str, Pack]:
    """The packs shipped in ``deck_tracker/content/packs`` (loaded once)."""
    return load_packs(DEFAULT_PACKS_DIR)
