"""Checks across the items of a pack that no single item's schema can make: ids unique, roads
and Generals' paths naming known locations, each minion colour once, sources that exist."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from deck_tracker.engine.slugs import slugify

from .errors import Where
from .items import General, Hero, Location, MinionType, Road

__all__ = [
    "Sourced",
    "check_generals",
    "check_heroes",
    "check_locations",
    "check_minions",
    "check_provenance",
    "check_roads",
]


class Sourced(Protocol):
    """An item that names its sources."""

    @property
    def provenance(self) -> tuple[str, ...]: ...


def check_provenance(item: Sourced, sources: Mapping[str, str], where: Where) -> None:
    for key in item.provenance:
        if key not in sources:
            where.fail("provenance", f"unknown source {key!r}")


def _unique(item_id: str, seen: Mapping[str, object], where: Where) -> None:
    if item_id in seen:
        where.fail("id", f"duplicate id {item_id!r}")


def check_locations(found: Sequence[tuple[Location, Where]], where: Where) -> None:
    """Ids unique; no name or alias spelled like another location's."""
    seen: dict[str, Location] = {}
    spellings: dict[str, str] = {}
    for loc, w in found:
        _unique(loc.id, seen, w)
        seen[loc.id] = loc
        for fld, spelling in [("name", loc.name)] + [("aliases", a) for a in loc.aliases]:
            key = slugify(spelling)
            if not key:
                w.fail(fld, f"{spelling!r} has no letters or digits")
            owner = spellings.setdefault(key, loc.id)
            if owner != loc.id:
                w.fail(fld, f"{spelling!r} is already a name or alias of {owner!r}")
    if not seen:
        where.fail("items", "no locations")


def check_roads(found: Sequence[tuple[Road, Where]], locations: Mapping[str, Location]) -> None:
    seen: set[frozenset[str]] = set()
    for road, w in found:
        for fld in ("a", "b"):
            if getattr(road, fld) not in locations:
                w.fail(fld, f"unknown location {getattr(road, fld)!r}")
        if road.a == road.b:
            w.fail("b", "a road must join two different locations")
        if road.ends() in seen:
            w.fail("b", "duplicate road")
        seen.add(road.ends())


def check_generals(
    found: Sequence[tuple[General, Where]], locations: Mapping[str, Location]
) -> None:
    """Each General starts on a known location and walks known locations to the city."""
    seen: dict[str, General] = {}
    for general, w in found:
        _unique(general.id, seen, w)
        seen[general.id] = general
        if general.start not in locations:
            w.fail("start", f"unknown location {general.start!r}")
        path = general.path
        for step in path:
            if step not in locations:
                w.fail("path", f"unknown location {step!r}")
        if path[0] != general.start:
            w.fail("path", f"must begin at the start location {general.start!r}")
        if general.movement == "dragon_flight" and len(path) != 1:
            w.fail("path", "a General of dragon_flight has no path: only its start")
        if general.movement == "path" and locations[path[-1]].kind != "city":
            w.fail("path", f"must end in the city, not {path[-1]!r}")
        if len(set(path)) != len(path):
            w.fail("path", "visits a location twice")


def check_minions(
    found: Sequence[tuple[MinionType, Where]], generals: Mapping[str, General]
) -> None:
    seen: dict[str, MinionType] = {}
    colours: dict[str, str] = {}
    for minion, w in found:
        _unique(minion.id, seen, w)
        seen[minion.id] = minion
        owner = colours.setdefault(minion.colour, minion.id)
        if owner != minion.id:
            w.fail("colour", f"colour {minion.colour!r} already used by {owner!r}")
        if minion.general is not None and minion.general not in generals:
            w.fail("general", f"unknown general {minion.general!r}")


def check_heroes(found: Sequence[tuple[Hero, Where]]) -> None:
    seen: dict[str, Hero] = {}
    for hero, w in found:
        _unique(hero.id, seen, w)
        seen[hero.id] = hero
