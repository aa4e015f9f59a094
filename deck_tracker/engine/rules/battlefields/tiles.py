"""Battlefield tiles: what the pack and the table say of each, and their victory conditions.

A tile's rules come from the ``battlefields`` content pack (with the overlay the game kept at
setup) and, for what the table taught during this game, from ``state["library"]["tiles"]``,
which wins. A tile is *taught* once its name and reward count are known; plays on a tile not yet
taught are refused until the table reads it to the app (``teach_tile``).

Rules decisions:

* Arrow colour: one colour per tile, or any (white arrows). A chameleon may take any colour, so
  the arrow colour never refuses it; only the no-chameleon icon does.
* Even/Odd: a chameleon has no number, so parity never refuses it.
* Conditions combine: a tile with a white number and a set mark needs both; the main character
  must be among the cards counted, unstunned.
* A tile with no condition the app can count (nothing taught but its name) is won only when the
  table declares it (``claim_battlefield``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from deck_tracker.engine.content import Pack, shipped_with_overlay
from deck_tracker.engine.core import State
from deck_tracker.engine.errors import InvalidArguments
from deck_tracker.engine.i18n import Message, msg

__all__ = [
    "ARROW_COLOURS",
    "PACK_ID",
    "TILE_DECK",
    "TileRules",
    "die_faces",
    "game_pack",
    "tile_ids",
    "tile_rules",
]

PACK_ID = "battlefields"
TILE_DECK = "battlefield_tiles"
DIE_DECK = "battle_die"
ARROW_COLOURS = ("any", "red", "black", "blue", "green")
PARITIES = ("any", "even", "odd")
CARD_COLOURS = ("red", "black", "blue", "green")
# Rulebook, Example Battlefield: this reward must always be applied.
ALWAYS_APPLIED = "the curse at the withered hills"


@dataclass(frozen=True)
class TileRules:
    id: str
    colour: str  # red, black, blue, green or purple
    counts_as: int
    title: str | None = None
    activate: int = 0
    descending: bool = False
    arrow_colour: str = "any"
    parity: str = "any"
    set_size: int = 0
    no_chameleons: bool = False
    final_total: int = 0
    main_hero: str | None = None
    main_minion: str | None = None
    reward_count: int | None = None
    reward: str = ""
    reward_must: bool = False
    pack_name: str = ""  # the pack's name for a tile not yet read ("Red battlefield 2")

    @property
    def taught(self) -> bool:
        return self.title is not None and self.reward_count is not None

    @property
    def name(self) -> str:
        return self.title or self.pack_name or f"A {self.colour} battlefield"

    def main_character(self, side: str) -> str | None:
        return self.main_hero if side == "heroes" else self.main_minion

    def must_apply_reward(self) -> bool:
        return self.reward_must or (self.title or "").strip().lower() == ALWAYS_APPLIED

    def as_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["name"] = self.name
        out["taught"] = self.taught
        out["reward_must"] = self.must_apply_reward()
        return out


TAUGHT_FIELDS = tuple(
    f.name for f in fields(TileRules) if f.name not in ("id", "colour", "pack_name")
)
TEACHABLE = tuple(name for name in TAUGHT_FIELDS if name != "counts_as")


def game_pack(state: State) -> Pack:
    kept = (state.get("overlays") or {}).get(PACK_ID)
    return shipped_with_overlay(PACK_ID, kept.get("data") if isinstance(kept, dict) else None)


def tile_ids(state: State) -> list[str]:
    return [card.id for card in game_pack(state).deck(TILE_DECK).cards]


def _from_values(tile_id: str, values: Mapping[str, Any]) -> TileRules:
    clean: dict[str, Any] = {}
    for name in TAUGHT_FIELDS:
        value = values.get(name)
        if value is not None:
            clean[name] = value
    return TileRules(
        id=tile_id,
        colour=str(values["tile_colour"]),
        pack_name=str(values.get("pack_name") or ""),
        **clean,
    )


def tile_rules(state: State, tile_id: str) -> TileRules:
    card = game_pack(state).card(TILE_DECK, tile_id)
    values = {**card.data, "pack_name": card.name}
    taught = (state.get("library") or {}).get("tiles", {}).get(tile_id) or {}
    values.update({k: v for k, v in taught.items() if v is not None})
    return _from_values(tile_id, values)


def die_faces(state: State) -> list[str]:
    return [str(card.data["face"]) for card in game_pack(state).deck(DIE_DECK).cards]


def check_taught_values(raw: Mapping[str, Any]) -> dict[str, Any]:
    """What the table read from a tile, checked: {field: value} for the fields given."""
    problems: dict[str, list[Message]] = {}
    out: dict[str, Any] = {}
    for name in TEACHABLE:
        value = raw.get(name)
        if value is None:
            continue
        if name == "arrow_colour" and value not in ARROW_COLOURS:
            problems[name] = [msg("error.field.one_of", allowed=", ".join(ARROW_COLOURS))]
        elif name == "parity" and value not in PARITIES:
            problems[name] = [msg("error.field.one_of", allowed=", ".join(PARITIES))]
        elif name == "set_size" and value not in (0, 2, 3):
            problems[name] = [msg("error.bf.tiles.set_size")]
        out[name] = value
    if not out.get("title"):
        problems["title"] = [msg("error.bf.tiles.title")]
    if not out.get("reward_count"):
        problems["reward_count"] = [msg("error.bf.tiles.reward_count")]
    if problems:
        raise InvalidArguments(problems)
    return out
