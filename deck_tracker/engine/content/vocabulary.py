"""The words content packs are written in: colours, kinds, confidences, and the field types
(ids, keys, non-empty texts) that every model shares. Each carries a description in the players'
words, which the JSON Schema passes on to the forms where they enter cards."""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr

from deck_tracker.engine.slugs import SLUG_PATTERN

__all__ = [
    "ABILITY_TYPES",
    "COLOURS",
    "COMPANION_COLOURS",
    "CONFIDENCES",
    "DS_KINDS",
    "EVENT_EFFECTS",
    "GLOBAL_EFFECT_KINDS",
    "HERO_CARD_KINDS",
    "LOCATION_KINDS",
    "MOVEMENTS",
    "NEXT_ON_PATH",
    "PETS",
    "QUEST_LOCATION_RULES",
    "ROAD_STATUSES",
    "TRAVEL_ICONS",
    "AbilityType",
    "Colour",
    "CompanionColour",
    "Confidence",
    "Count",
    "DarknessSpreadsKind",
    "EventEffect",
    "Flag",
    "GlobalEffectKind",
    "HeroCardKind",
    "Key",
    "LocationKind",
    "Movement",
    "Pet",
    "QuestLocationRule",
    "RoadStatus",
    "Slug",
    "Text",
    "TravelIcon",
    "one_of",
]

ColourName = Literal["green", "black", "red", "blue"]
LocationKind = Literal["location", "city", "inn"]
RoadStatus = Literal["consensus", "likely", "disputed"]
TravelIcon = Literal["horse", "eagle", "magic_gate"]
#: Dragon expansion: Sterling's cards (she lands at data.location) and the "Special" cards that
#: replace the Orc cards when the Orcs are not used (data.text, read at the table).
DarknessSpreadsKind = Literal[
    "standard", "orc_patrols", "orc_war_party", "all_is_quiet", "monarch_city", "sterling",
    "special",
]  # fmt: skip
#: How a General moves: along its path, or (Brimstone) to the location its card names.
Movement = Literal["path", "dragon_flight"]
HeroCardKind = Literal["location", "special"]
QuestLocationRule = Literal["at_location", "each_of", "any_of_colour", "general_location", "none"]
#: Companion costs: the four Hero Card colours, yellow (any one colour) and purple (Specials).
CompanionColour = Literal["green", "black", "red", "blue", "yellow", "purple"]
#: The 15 Event cards of the Companion deck, by the rule that resolves each.
EventEffect = Literal[
    "warlords", "betrayal", "troll_renegades", "thieves", "land_ablaze", "inside_information",
    "patriotism", "infiltrating_spies", "heavy_casualties", "giant_spiders", "empty_inn",
    "dungeon", "enemy_scouts", "bar_fight", "darkness_spreads",
]  # fmt: skip
AbilityType = Literal["combat", "control", "movement"]
Pet = Literal["raven", "voidwalker", "wolf"]
GlobalEffectKind = Literal["good", "bad"]

COLOURS: tuple[str, ...] = get_args(ColourName)
CONFIDENCES: tuple[str, ...] = ("high", "medium", "low")
LOCATION_KINDS: tuple[str, ...] = get_args(LocationKind)
ROAD_STATUSES: tuple[str, ...] = get_args(RoadStatus)
TRAVEL_ICONS: tuple[str, ...] = get_args(TravelIcon)
DS_KINDS: tuple[str, ...] = get_args(DarknessSpreadsKind)
MOVEMENTS: tuple[str, ...] = get_args(Movement)
HERO_CARD_KINDS: tuple[str, ...] = get_args(HeroCardKind)
QUEST_LOCATION_RULES: tuple[str, ...] = get_args(QuestLocationRule)
COMPANION_COLOURS: tuple[str, ...] = get_args(CompanionColour)
EVENT_EFFECTS: tuple[str, ...] = get_args(EventEffect)
ABILITY_TYPES: tuple[str, ...] = get_args(AbilityType)
PETS: tuple[str, ...] = get_args(Pet)
GLOBAL_EFFECT_KINDS: tuple[str, ...] = get_args(GlobalEffectKind)
#: ``general_to`` value meaning "the next space on the General's path".
NEXT_ON_PATH = "next"


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def one_of(choices: tuple[str, ...], what: str) -> AfterValidator:
    """A string among ``choices`` (kept a plain ``str`` for the rules that index by it)."""

    def check(value: str) -> str:
        if value not in choices:
            raise ValueError(f"unknown {what} {value!r} (expected one of {', '.join(choices)})")
        return value

    return AfterValidator(check)


#: A text as printed (not empty).
Text = Annotated[StrictStr, AfterValidator(_not_blank)]
#: An id: lowercase words joined by '-'.
Slug = Annotated[
    StrictStr,
    Field(pattern=SLUG_PATTERN.pattern, description="Lowercase words joined by '-'."),
]
#: A key of the rules (deck names, skill keys): lowercase words joined by '_'.
Key = Annotated[StrictStr, Field(pattern=r"^[a-z0-9]+(_[a-z0-9]+)*$")]
Flag = StrictBool
Count = Annotated[StrictInt, Field(ge=0)]
Colour = Annotated[
    StrictStr,
    one_of(COLOURS, "colour"),
    Field(
        description="Green (Orcs), black (Undead), red (Demons) or blue (Dragonkin).",
        json_schema_extra={"enum": list(COLOURS)},
    ),
]
Confidence = Annotated[
    Literal["high", "medium", "low"],
    Field(description="How sure the sources are of this item."),
]
