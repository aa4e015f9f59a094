"""What every seat sees of a Defenders of the Realm game: the whole board is public."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.rules.dotr.base.pending import pending_first

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
    """The board keys, the same for every seat (hands stay in the generic deck view). Each
    pending choice says, in player words, what the table does first (``says``)."""
    view = {key: state.get(key) for key in PUBLIC_KEYS}
    pending = view["pending"]
    if isinstance(pending, list) and pending:
        view["pending"] = [{**entry, "says": pending_first(state, entry)} for entry in pending]
    return view
