"""The items of a content pack as pydantic dataclasses: read-only objects the rules use, whose
schema checks every field on load (types, ranges, choices, unknown fields) and whose JSON Schema
describes them to the forms where players enter content.

What one item cannot know (a road naming an unknown location, a card naming an unknown General)
is checked by the small functions in ``board.py`` and ``checks/``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StrictInt, StrictStr, ValidationInfo, field_validator
from pydantic.dataclasses import dataclass

from deck_tracker.engine.slugs import slugify

from .errors import FieldProblem
from .vocabulary import (
    Colour,
    Confidence,
    Count,
    Flag,
    Key,
    LocationKind,
    Movement,
    RoadStatus,
    Slug,
    Text,
)

__all__ = [
    "ITEM",
    "UNFILLED",
    "Card",
    "DeckFile",
    "General",
    "Hero",
    "ItemsFile",
    "Location",
    "MinionType",
    "PackManifest",
    "Road",
    "freeze",
]

#: Items: unknown fields are errors; values are not coerced (JSON as written).
ITEM = ConfigDict(extra="forbid")

Provenance = Annotated[
    tuple[Text, ...],
    Field(min_length=1, description="The sources (keys of the pack's 'sources') it comes from."),
]
Note = Annotated[StrictStr, Field(description="Anything players should know about it.")]
#: Context key: the fields of this item still waiting for players to enter them (null until).
UNFILLED = "unfilled"


def _waiting(info: ValidationInfo) -> frozenset[str]:
    return frozenset((info.context or {}).get(UNFILLED, ()))


def freeze(value: Any) -> Any:
    """Read-only copies of JSON containers (dict -> mapping proxy, list -> tuple)."""
    if isinstance(value, dict):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


@dataclass(frozen=True, kw_only=True, config=ITEM)
class Location:
    """A space of the board."""

    id: Slug
    name: Text
    aliases: tuple[Text, ...]
    colour: Colour | None = Field(description="Its colour; null for cities and inns.")
    kind: LocationKind
    treasure_chest: Flag
    starting_gate: Flag
    provenance: Provenance
    confidence: Confidence
    note: Note = ""

    def __post_init__(self) -> None:
        if self.kind == "location" and self.colour is None:
            raise FieldProblem("colour", "a location of kind 'location' needs a colour")
        if self.kind != "location" and self.colour is not None:
            raise FieldProblem("colour", f"a location of kind {self.kind!r} has no colour (null)")
        if slugify(self.name) != self.id:
            raise FieldProblem("id", f"id must be the slug of the name ({slugify(self.name)!r})")


@dataclass(frozen=True, kw_only=True, config=ITEM)
class Road:
    """A road between two spaces."""

    a: Text
    b: Text
    status: RoadStatus
    provenance: Provenance
    confidence: Confidence
    note: Note = ""

    def ends(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


#: General fields that are null in a pack until players enter them (see ``entry.py``).
_ENTERED_LATER = ("life", "to_hit", "starting_minions", "skill_summary")


@dataclass(frozen=True, kw_only=True, config=ITEM)
class General:
    """An enemy General."""

    id: Slug
    name: Text
    colour: Colour
    faction: Text
    life: Annotated[StrictInt, Field(ge=1, description="Life on the General's board.")] | None
    to_hit: Annotated[StrictInt, Field(ge=1, le=6, description="The die roll that hits.")] | None
    start: Text
    path: Annotated[tuple[Text, ...], Field(min_length=1)]
    starting_minions: Count | None
    major_wound_at_or_below: Count | None
    skill_key: Key
    skill_summary: StrictStr | None
    provenance: Provenance
    confidence: Confidence
    defeat_wounds: StrictStr = ""
    defeat_cards_lost: StrictStr = ""
    note: Note = ""
    movement: Movement = "path"
    dragon: Flag = False

    @field_validator(*_ENTERED_LATER, mode="after")
    @classmethod
    def _entered_later(cls, value: Any, info: ValidationInfo) -> Any:
        if value is None and info.field_name not in _waiting(info):
            raise ValueError("missing (null only where players enter the value later)")
        if info.field_name == "skill_summary":
            if value is not None and not value.strip():
                raise ValueError("must not be empty")
            return value or ""
        return value

    def __post_init__(self) -> None:
        wound, life = self.major_wound_at_or_below, self.life
        if wound is not None and life is not None and wound >= life:
            raise FieldProblem("major_wound_at_or_below", f"must be below life ({life})")


@dataclass(frozen=True, kw_only=True, config=ITEM)
class MinionType:
    """A colour of minions."""

    id: Slug
    name: Text
    plural: Text
    colour: Colour
    #: None: set by ``to_hit_rule`` (Dragon Masters: 2 + the dragons in play).
    to_hit: Annotated[StrictInt, Field(ge=1, le=6)] | None = None
    supply: Annotated[StrictInt, Field(ge=1)]
    taints_at: Annotated[StrictInt, Field(ge=1)]
    general: Text | None
    provenance: Provenance
    confidence: Confidence
    note: Note = ""
    skills: tuple[Text, ...] = ()
    to_hit_rule: Key | Literal[""] = ""

    def __post_init__(self) -> None:
        if self.to_hit is None and not self.to_hit_rule:
            raise FieldProblem("to_hit", "missing (null only with a to_hit_rule)")


@dataclass(frozen=True, kw_only=True, config=ITEM)
class Hero:
    id: Slug
    name: Text
    life: Annotated[StrictInt, Field(ge=1)]
    abilities: tuple[Text, ...]
    provenance: Provenance
    confidence: Confidence
    note: Note = ""


@dataclass(frozen=True, kw_only=True, config=ITEM)
class Card:
    """A card of a deck; ``data`` is checked by the model of its deck (``checks/``)."""

    id: Slug = Field(description="The card's id: its name in lowercase words joined by '-'.")
    name: Text = Field(description="The name printed on the card.")
    kind: Text = Field(description="Which kind of card of its deck it is.")
    data: Mapping[str, Any] = Field(description="What the card says, by its deck's rules.")
    provenance: Provenance
    confidence: Confidence
    note: Note = ""

    @field_validator("data", mode="after")
    @classmethod
    def _read_only(cls, value: Mapping[str, Any]) -> Mapping[str, Any]:
        return freeze(value)  # type: ignore[no-any-return]


# Documents -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True, config=ConfigDict(extra="allow"))
class ItemsFile:
    """``locations.json``, ``roads.json``, ...: ``{"items": [...]}``."""

    items: list[dict[str, Any]]


@dataclass(frozen=True, kw_only=True, config=ITEM)
class DeckFile:
    """``decks/<deck>.json`` (its ``open`` declaration is read by ``entry.py``)."""

    deck: Key
    auto_reshuffle: Flag
    cards: list[dict[str, Any]]


@dataclass(frozen=True, kw_only=True, config=ITEM)
class PackManifest:
    """``pack.json``: what the pack is, its sources, and the packs it builds on."""

    id: Slug
    name: Text
    game_system: Slug
    expansion: Slug
    version: Annotated[
        StrictStr, Field(pattern=r"^\d+\.\d+\.\d+$", description="MAJOR.MINOR.PATCH")
    ]
    sources: dict[StrictStr, StrictStr]
    notes: tuple[Text, ...]
    requires: tuple[Slug, ...] = ()
    components: dict[Key, Count] = dataclasses.field(default_factory=dict)

    @field_validator("sources", mode="after")
    @classmethod
    def _described(cls, value: dict[str, str]) -> dict[str, str]:
        if not value:
            raise ValueError("must not be empty")
        for key, description in value.items():
            if not description.strip():
                raise ValueError(f"source {key!r} needs a description")
        return value
