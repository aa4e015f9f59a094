"""What the table read from the box in earlier games: the pack's content overlay.

The ``talisman-dragon`` pack's ``pack.json``, ``fillable.json`` and decks let the shared content
loader validate and keep what the table reads out: the dragon token bag's mix, each Draconic
Lord's lives, each Dragon Tower stairway's number, each Dragon Card's name and kind. A game keeps
the overlay it started with (``state["overlays"]``) and starts knowing all of it; every event
that teaches something carries ``overlay_values`` ({fillable field id: value}) that the phone
saves into the pack's overlay, so the next game knows it from setup and never asks again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deck_tracker.engine.content import Pack, overlay_hash, shipped_with_overlay

from .content import default_pack

PACK_ID = "talisman-dragon"
FACTS = "box_facts"


@dataclass(frozen=True)
class Remembered:
    bag_mix: dict[str, int] | None  # only once every token kind is counted
    lord_lives: dict[str, int]
    tower_draws: dict[str, int]
    taught: dict[str, dict[str, str]]  # {card id: {"name", "kind"}}


def kept_overlay(setup: Mapping[str, Any]) -> dict[str, Any] | None:
    """The overlay the service handed to setup (``setup["overlays"]``), as the game keeps it."""
    overlay = (setup.get("overlays") or {}).get(PACK_ID)
    if not overlay:
        return None
    return {"hash": overlay_hash(overlay), "data": overlay}


def _pack(data: Mapping[str, Any] | None) -> Pack:
    return shipped_with_overlay(PACK_ID, data)


def remembered(kept: Mapping[str, Any] | None) -> Remembered:
    """What the overlay kept at setup says (``kept``: ``{"hash", "data"}`` or None)."""
    pack = _pack(kept.get("data") if kept else None)
    facts = {card.id: card.data for card in pack.deck(FACTS).cards}
    counts = {
        kind: facts.get(f"bag-{kind}", {}).get("count") for kind in default_pack().token_kinds
    }
    mix = (
        {kind: int(n) for kind, n in counts.items() if n is not None}
        if all(n is not None for n in counts.values())
        else None
    )
    lives = {
        lord: int(n)
        for lord in default_pack().lords
        if (n := facts.get(f"lives-{lord}", {}).get("lives")) is not None
    }
    draws = {
        str(data["space"]): int(data["draw"])
        for data in facts.values()
        if "space" in data and data.get("draw") is not None
    }
    taught: dict[str, dict[str, str]] = {}
    for lord in default_pack().lords.values():
        for card in pack.deck(lord.deck).cards:
            name, kind = card.data.get("name"), card.data.get("kind")
            if name and kind:
                taught[card.id] = {"name": str(name), "kind": str(kind)}
    return Remembered(mix, lives, draws, taught)


def card_values(deck: str, card: str, name: str, kind: str) -> dict[str, Any]:
    return {f"decks/{deck}/{card}/data.name": name, f"decks/{deck}/{card}/data.kind": kind}


def lives_values(lives: Mapping[str, int]) -> dict[str, Any]:
    return {f"decks/{FACTS}/lives-{lord}/data.lives": n for lord, n in lives.items()}


def draw_values(space: str, draw: int) -> dict[str, Any]:
    return {f"decks/{FACTS}/draw-{space}/data.draw": draw}


def bag_values(mix: Mapping[str, int]) -> dict[str, Any]:
    """The whole bag: a kind the table did not count holds none (as the app's bag does)."""
    return {
        f"decks/{FACTS}/bag-{kind}/data.count": int(mix.get(kind, 0))
        for kind in default_pack().token_kinds
    }


__all__ = [
    "PACK_ID",
    "Remembered",
    "bag_values",
    "card_values",
    "draw_values",
    "kept_overlay",
    "lives_values",
    "remembered",
]
