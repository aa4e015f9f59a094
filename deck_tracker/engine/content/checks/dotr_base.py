"""The cards of Defenders of the Realm's own decks: Darkness Spreads, Hero Cards and Quests."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, StrictInt, StrictStr
from pydantic.dataclasses import dataclass

from ..errors import FieldProblem, Where
from ..vocabulary import (
    DS_KINDS,
    NEXT_ON_PATH,
    Colour,
    Count,
    QuestLocationRule,
    Text,
    TravelIcon,
)
from .common import CARD_DATA, DeckRules, References

__all__ = ["BASE_DECKS", "DarknessSpreadsCard", "HeroCard", "HeroSpecialCard", "QuestCard"]


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class Placement:
    location: Text = Field(description="Where the minions go.")
    colour: Colour
    count: Annotated[StrictInt, Field(ge=1, description="How many minions.")]


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class DarknessSpreadsCard:
    """A Darkness Spreads card: the minions it places and the General it moves."""

    placements: list[Placement]
    general: Text | None = Field(description="The General the card moves (null: none).")
    general_to: Text | None = Field(
        description="Where the General moves: a location, 'next' on his path, or null."
    )
    general_minions: Count = Field(description="Minions placed with the General.")
    location: Text | None = Field(default=None, description="Where Sterling lands.")
    title: Text | None = None
    text: Text | None = Field(default=None, description="What a Special card says.")

    def __post_init__(self) -> None:
        if self.general is None and self.general_to is not None:
            raise FieldProblem("general_to", "must be null when no General is named")
        if self.general is None and self.general_minions:
            raise FieldProblem("general_minions", "must be 0 when no General is named")


def _darkness_spreads(refs: References, kind: str, data: Mapping[str, Any], w: Where) -> None:
    if kind == "standard" and not data["placements"]:
        w.fail("data.placements", "a standard card places minions")
    for i, placement in enumerate(data["placements"]):
        refs.location(placement["location"], w, f"data.placements[{i}].location")
    general, target = data["general"], data["general_to"]
    if general is None or target == NEXT_ON_PATH:
        return
    refs.location(target, w, "data.general_to")
    if refs.generals[general].movement == "dragon_flight":
        return  # Dragon Flight: the card names where he lands, anywhere on the board
    if target not in refs.generals[general].path[1:]:
        w.fail("data.general_to", f"{target!r} is not on the path of {general!r}")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class HeroCard:
    """A Hero Card of a location: its colour, the travel icon and the dice it adds."""

    location: Text
    colour: Colour
    travel: TravelIcon
    dice: Count
    general: Text | None = Field(default=None, description="The dragon whose icon it shows.")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class HeroSpecialCard:
    """A Special Hero Card: what it lets a hero do."""

    summary: Text
    dice: Count
    title: Text | None = None
    effect_key: StrictStr | None = None


def _hero(refs: References, kind: str, data: Mapping[str, Any], w: Where) -> None:
    if kind != "location":
        return
    location = refs.locations[data["location"]]
    if location.colour != data["colour"]:
        w.fail("data.colour", f"{data['colour']!r} is not the colour of {location.id!r}")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class QuestCard:
    """A Quest: where it is done, the test and the reward."""

    test: Text
    reward: Text
    location: Text | None
    location_rule: QuestLocationRule | None = Field(
        default=None, description="Where the Quest is done (default: at its location)."
    )
    locations: tuple[Text, ...] = ()
    colour: Colour | None = None
    general: Text | None = None
    title: Text | None = None

    def __post_init__(self) -> None:
        rule = self.location_rule or ("at_location" if self.location else "none")
        if rule == "at_location" and self.location is None:
            raise FieldProblem("location", "needed when location_rule is 'at_location'")
        if rule == "each_of" and not self.locations:
            raise FieldProblem("locations", "needed when location_rule is 'each_of'")
        if rule == "any_of_colour" and self.colour is None:
            raise FieldProblem("colour", "needed when location_rule is 'any_of_colour'")
        if rule == "general_location" and self.general is None:
            raise FieldProblem("general", "needed when location_rule is 'general_location'")


BASE_DECKS: dict[str, DeckRules] = {
    "darkness_spreads": DeckRules(
        {kind: DarknessSpreadsCard for kind in DS_KINDS}, _darkness_spreads
    ),
    "hero": DeckRules({"location": HeroCard, "special": HeroSpecialCard}, _hero),
    "quest": DeckRules({"quest": QuestCard}),
}
