"""What every seat sees of a Defenders of the Realm game: the whole board is public."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import State

__all__ = ["PUBLIC_KEYS", "view_dotr"]

PUBLIC_KEYS = (
    "board",
    "supply",
    "generals",
    "war_status",
    "war_level",
    "heroes",
    "turn",
    "pending",
    "settings",
    "fame",
    "grand_ball",
    "rewards",
    "scenario",
    "expansions",
    "packs",
    "dungeons",
    "dungeon_run",
    "recruitment",
    "heros_calling",
    # The Dragon expansion
    "dragon",
    "global_effect",
    "sterling",
    "winds_of_war",
    "agent",
    "royal_blessings",
    "slayers",
)


def view_dotr(state: State, seat: str | None) -> dict[str, Any]:
    """The board keys, the same for every seat (hands stay in the generic deck view)."""
    return {key: state.get(key) for key in PUBLIC_KEYS}
