"""The cards of Companions & Catacombs and The Hero's Calling.

A value printed on a card but not legible or not published in the sources is ``null`` in the
pack: players fill it once (through the content overlay) or play the deck table-owned. The
models accept ``null`` there and check the value once it is filled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, StrictInt
from pydantic.dataclasses import dataclass

from ..errors import FieldProblem, Where
from ..vocabulary import AbilityType, CompanionColour, EventEffect, Flag, Pet, Text
from .common import CARD_DATA, DeckRules, References

__all__ = ["COMPANION_DECKS"]

Texts = Annotated[tuple[Text, ...], Field(min_length=1)]
NotYet = "null until players enter it"


CostCards = Annotated[StrictInt, Field(ge=0, le=6)] | None
Exploration = Annotated[StrictInt, Field(ge=0, le=2)] | None
ExplorationGoal = Annotated[StrictInt, Field(ge=1, le=20)] | None


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class CompanionEvent:
    """An Event of the Companion deck, by the rule that resolves it."""

    effect: EventEffect
    text: Texts
    shuffle: Flag = Field(description="'Shuffle the Companion Cards'")
    roll_table: tuple[Text, ...] | None = Field(
        default=None, description="The Dungeon: the locations for rolls 1 to 6."
    )
    location: Text | None = None

    def __post_init__(self) -> None:
        if self.effect == "dungeon" and len(self.roll_table or ()) != 6:
            raise FieldProblem("roll_table", "expected the 6 locations for rolls 1 to 6")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class CompanionCost:
    colour: CompanionColour | None = Field(
        description="Hero Cards of a colour; yellow: any one colour; purple: Specials."
    )
    cards: CostCards = Field(description=f"How many Hero Cards ({NotYet}).")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class Companion:
    """A Companion a hero may recruit."""

    title: Text
    abilities: Texts
    discard_to_use: Flag
    retrieves_special: Flag
    cost: CompanionCost


def _companion(refs: References, kind: str, data: Mapping[str, Any], w: Where) -> None:
    for i, location in enumerate(data.get("roll_table") or ()):
        refs.location(location, w, f"data.roll_table[{i}]")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class DungeonRoom:
    exploration: Exploration = Field(description=f"Exploration points ({NotYet}).")
    text: Text | None = None
    title: Text | None = None


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class TreasureRoom:
    exploration_goal: ExplorationGoal = Field(description=f"Exploration needed ({NotYet}).")
    encounter: Text | None = None
    reward: Text | None = None
    penalty: Text | None = None
    title: Text | None = None


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class Relic:
    text: Text | None = None
    title: Text | None = None


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class DungeonToken:
    relics: Annotated[tuple[Text | None, ...], Field(min_length=2, max_length=2)] = Field(
        description=f"The 2 Relic cards the token holds ({NotYet})."
    )
    title: Text | None = None


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class Ability:
    """An ability card of The Hero's Calling, with its three levels."""

    type: AbilityType | None = None
    pet: Pet | None = None
    levels: Annotated[tuple[Text | None, ...], Field(min_length=3, max_length=3)] = Field(
        description=f"The texts of levels 1, 2 and 3 ({NotYet})."
    )


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class WarStatusLevel:
    name: Text
    hero_level: Text
    cards: Annotated[StrictInt, Field(ge=1, le=3, description="Darkness Spreads cards drawn.")]
    general_only: tuple[StrictInt, ...] = Field(
        description="The numbers of the cards that move only the General."
    )

    def __post_init__(self) -> None:
        if not all(1 <= n <= self.cards for n in self.general_only):
            raise FieldProblem("general_only", "expected the numbers of the General-only cards")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class WarStatus:
    levels: Annotated[tuple[WarStatusLevel, ...], Field(min_length=4, max_length=4)]


COMPANION_DECKS: dict[str, DeckRules] = {
    "companion": DeckRules({"event": CompanionEvent, "companion": Companion}, _companion),
    "dungeon_room": DeckRules({"dungeon_room": DungeonRoom}),
    "treasure_room": DeckRules({"treasure_room": TreasureRoom}),
    "relic": DeckRules({"relic": Relic}),
    "dungeon_token": DeckRules({"dungeon_token": DungeonToken}),
    "ability": DeckRules({"ability": Ability}),
    "war_status": DeckRules({"war_status": WarStatus}),
}
