"""What every deck's card checks share: the items cards may name, and a deck's rules (its card
kinds, the model of each kind's ``data``, and the checks across items a schema cannot make)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import ConfigDict, TypeAdapter

from ..errors import Where
from ..items import General, Location
from ..vocabulary import COLOURS

__all__ = ["CARD_DATA", "CrossCheck", "DeckRules", "References", "check_references"]

#: Card data: unknown fields are errors, values are not coerced (JSON as written).
CARD_DATA = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class References:
    """The locations and Generals a card may name (its pack's and those of the packs it
    requires)."""

    locations: Mapping[str, Location]
    generals: Mapping[str, General]

    def location(self, value: Any, where: Where, field: str) -> None:
        if value is not None and value not in self.locations:
            where.fail(field, f"unknown location {value!r}")

    def general(self, value: Any, where: Where, field: str) -> None:
        if value is not None and value not in self.generals:
            where.fail(field, f"unknown general {value!r}")


CrossCheck = Callable[[References, str, Mapping[str, Any], Where], None]


def _no_cross_check(refs: References, kind: str, data: Mapping[str, Any], where: Where) -> None:
    """A deck whose cards name nothing that a schema could not check."""


@dataclass(frozen=True)
class DeckRules:
    """The cards of one deck: a model of ``data`` per card kind, and the checks across items."""

    kinds: Mapping[str, type[Any]]
    cross: CrossCheck = _no_cross_check
    adapters: dict[str, TypeAdapter[Any]] = field(default_factory=dict, compare=False)

    def adapter(self, kind: str) -> TypeAdapter[Any]:
        if kind not in self.adapters:
            self.adapters[kind] = TypeAdapter(self.kinds[kind])
        return self.adapters[kind]


def check_references(refs: References, data: Mapping[str, Any], where: Where) -> None:
    """References any card may carry, whatever its deck."""
    if "location" in data:
        if data["location"] is not None and not isinstance(data["location"], str):
            where.fail("data.location", "expected a location id")
        refs.location(data["location"], where, "data.location")
    if "locations" in data:
        value = data["locations"]
        if not isinstance(value, (list, tuple)):
            where.fail("data.locations", "expected a list of location ids")
        for entry in value:
            if entry not in refs.locations:
                where.fail("data.locations", f"unknown location {entry!r}")
    if data.get("colour") is not None and data["colour"] not in COLOURS:
        where.fail("data.colour", f"unknown colour {data['colour']!r}")
    if "general" in data:
        refs.general(data["general"], where, "data.general")
