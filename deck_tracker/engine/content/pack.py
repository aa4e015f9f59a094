"""A loaded pack: its items by id, its decks, and the look-ups the rules use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from deck_tracker.engine.slugs import slugify

from .entry import FillSpec, OpenDeck
from .errors import UnknownContentError
from .items import Card, General, Hero, Location, MinionType, Road

__all__ = ["DeckSpec", "Origin", "Pack"]


@dataclass(frozen=True)
class DeckSpec:
    name: str
    cards: tuple[Card, ...]
    auto_reshuffle: bool

    def card_ids(self) -> tuple[str, ...]:
        return tuple(card.id for card in self.cards)


@dataclass(frozen=True)
class Origin:
    """Where a pack was read from, so that an overlay can be loaded over the same documents."""

    directory: Path
    bases: Mapping[str, Pack]
    docs: Mapping[str, Any]


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


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
    # An expansion names the packs it builds on (their locations and Generals are its own to
    # refer to) and may count its tokens (``components``: {"warlords": 10, ...}).
    requires: tuple[str, ...] = ()
    components: Mapping[str, int] = field(default_factory=_empty)
    # Content players enter (entry.py): fields null until entered, decks they add to.
    fillables: Mapping[str, FillSpec] = field(default_factory=_empty)
    open_decks: Mapping[str, OpenDeck] = field(default_factory=_empty)
    origin: Origin | None = field(default=None, repr=False, compare=False)
    names: Mapping[str, str] = field(default_factory=_empty, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.names:
            object.__setattr__(self, "names", MappingProxyType(_location_names(self.locations)))

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
        found = self.names.get(slugify(name_or_id_or_alias))
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

    def known_locations(self) -> dict[str, Location]:
        """Its locations and those of the packs it requires (which its cards may name)."""
        found: dict[str, Location] = {}
        for base in self.origin.bases.values() if self.origin else ():
            found.update(base.locations)
        return found | dict(self.locations)

    def known_generals(self) -> dict[str, General]:
        found: dict[str, General] = {}
        for base in self.origin.bases.values() if self.origin else ():
            found.update(base.generals)
        return found | dict(self.generals)


def _location_names(locations: Mapping[str, Location]) -> dict[str, str]:
    names: dict[str, str] = {}
    for loc in locations.values():
        for spelling in (loc.id, loc.name, *loc.aliases):
            names.setdefault(slugify(spelling), loc.id)
    return names
