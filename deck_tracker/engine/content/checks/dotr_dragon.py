"""The cards of the Dragon expansion's own decks: Global Effects, Winds of War, Sterling's
Encounters and the Agents. Values players have not entered yet are null (``entry.py``); a card
whose required fields are still null is checked once they are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, StrictInt
from pydantic.dataclasses import dataclass

from ..errors import FieldProblem, Where
from ..vocabulary import GLOBAL_EFFECT_KINDS, Colour, Text
from .common import CARD_DATA, DeckRules, References

__all__ = ["DRAGON_DECKS"]


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class GlobalEffect:
    """A Global Effect, good or bad: what it does at once and while it lasts."""

    title: Text
    immediate: Text | None = None
    ongoing: Text | None = None
    effect_key: Text | None = None

    def __post_init__(self) -> None:
        if self.immediate is None and self.ongoing is None:
            raise FieldProblem("ongoing", "a Global Effect has an immediate or an ongoing effect")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class WindsOfWarMinions:
    """Minions a Winds of War card's Action adds to one location."""

    location: Text
    colour: Colour
    count: Annotated[StrictInt, Field(ge=1, le=3)]


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class WindsOfWar:
    title: Text
    action: Text = Field(description="What the card does.")
    prevention: Text = Field(description="How the heroes prevent it.")
    # The parts of the card the app carries out itself (the rest the table does from the text).
    action_minions: tuple[WindsOfWarMinions, ...] = Field(
        default=(), max_length=12, description="The minions the Action adds, by location."
    )
    prevention_move_to: Text | None = Field(
        default=None, description="Where the Prevention moves each hero, if anywhere."
    )
    prevention_discards: Annotated[StrictInt, Field(ge=0, le=10)] = Field(
        default=0, description="Hero Cards each hero discards at random to prevent it."
    )


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class WindsOfWarBoard:
    """The Winds of War board: how many cards its deck holds (counted once by the table)."""

    title: Text
    deck_size: Annotated[StrictInt, Field(ge=1, le=40)] | None = None


def _winds(refs: References, kind: str, data: Mapping[str, Any], w: Where) -> None:
    for i, minions in enumerate(data.get("action_minions") or ()):
        refs.location(minions["location"], w, f"data.action_minions[{i}].location")
    if data.get("prevention_move_to") is not None:
        refs.location(data["prevention_move_to"], w, "data.prevention_move_to")


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class SterlingEncounter:
    outcomes: Annotated[tuple[Text, ...], Field(min_length=4, max_length=4)] = Field(
        description="The bonus for 0, 1, 2 and 3 successes."
    )


@dataclass(frozen=True, kw_only=True, config=CARD_DATA)
class Agent:
    """An Agent serving one dragon General."""

    general: Text
    start: Text | None
    life: Annotated[StrictInt, Field(ge=1, le=20)] | None = None
    to_hit: Annotated[StrictInt, Field(ge=2, le=6)] | None = None
    title: Text | None = None
    activation: Text | None = None
    text: Text | None = None


def _agent(refs: References, kind: str, data: Mapping[str, Any], w: Where) -> None:
    refs.location(data["start"], w, "data.start")


DRAGON_DECKS: dict[str, DeckRules] = {
    "global_effects": DeckRules({kind: GlobalEffect for kind in GLOBAL_EFFECT_KINDS}),
    "winds_of_war": DeckRules({"winds_of_war": WindsOfWar}, _winds),
    "winds_of_war_board": DeckRules({"board": WindsOfWarBoard}),
    "sterling": DeckRules({"encounter": SterlingEncounter}),
    "agents": DeckRules({"agent": Agent}, _agent),
}
