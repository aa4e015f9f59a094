"""Whose turn it is and in which phase: the hero's actions, the evening, then the night.

The turn sequence: the active hero takes the actions of the day; in the evening that hero draws
2 Hero Cards (``end_turn``, after any step an expansion adds before it, such as the Dragon
expansion's end-of-turn dangers); then the night's Darkness Spreads (``night``), after which the
next hero's turn begins. ``turn`` in the state::

    {"number": round, "active_seat": seat | None, "phase": "actions" | "night",
     "last_night": {"number": round, "seat": seat} | None}

``phase`` is ``"night"`` once the active hero's evening is drawn (or skipped by the table);
``last_night`` names the turn whose night ran last, so that a night sent twice for the same turn
is refused (``night_already_run``) rather than run again for the next hero.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.decks import player_name as named
from deck_tracker.engine.i18n import Text

ACTIONS = "actions"
NIGHT = "night"

__all__ = ["ACTIONS", "NIGHT", "evening_drawn", "phase", "player_name", "turn_of"]


def turn_of(state: State) -> dict[str, Any]:
    return dict(state.get("turn") or {"number": 1, "active_seat": None})


def evening_drawn(state: State) -> bool:
    """Whether the active hero has had this turn's evening (the 2 Hero Cards)."""
    evening: dict[str, Any] | None = state.get("evening")
    if not evening:
        # ``{}.get("turn")`` is None, never a round number: no evening drawn.
        return False
    turn: dict[str, Any] = state.get("turn") or _NO_TURN  # read, not copied
    return evening.get("turn") == int(turn.get("number") or 0) and evening.get("seat") == turn.get(
        "active_seat"
    )


_NO_TURN: dict[str, Any] = {"number": 1, "active_seat": None}


def phase(state: State) -> str:
    return NIGHT if evening_drawn(state) else ACTIONS


# ``player_name(state, seat)``: the name the player gave at the table; "The table" when no seat,
# or no name, is known. A partial (called in C), not a function: named up to five times a night.
player_name: Callable[[State, str | None], Text] = functools.partial(
    named, fallback="core.seat.the_table"
)
