"""Names and look-ups every Talisman: The Dragon module shares."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import msg, name

from .content import CROWN, Side, default_pack

SYSTEM = "talisman-dragon"
SYSTEMS = frozenset({SYSTEM})


def side_ref(side: Side) -> dict[str, Any]:
    """A side of the board overlay ("Dragon Tower"), read in the reader's language."""
    return name(f"td-side:{side.id}", side.name)


def token_ref(kind: str) -> dict[str, Any]:
    """A kind of dragon token ("Dragon Strike"), read in the reader's language."""
    return name(f"td-token:{kind}", default_pack().token_kinds[kind].name)


def lord_name(lord: str | None) -> str:
    if lord is None:
        return "no Lord"
    found = default_pack().lords.get(lord)
    return found.name if found else lord


def character_label(state: State, seat: str) -> str:
    character = state.get("characters", {}).get(seat, {})
    player = state.get("seats", {}).get(seat, {}).get("name") or "A player"
    name = character.get("name")
    return f"{player}'s {name}" if name else player


def active_seat(state: State) -> str | None:
    seat: str | None = state.get("turn", {}).get("seat")
    return seat


def character(state: State, seat: str) -> dict[str, Any]:
    found: dict[str, Any] | None = state.get("characters", {}).get(seat)
    if found is None:
        raise RuleViolation(
            msg(
                "error.td.common.has_no_character",
                value=state.get("seats", {}).get(seat, {}).get("name")
                or msg("td.common.this_player"),
            ),
            code="no_character",
        )
    return found


def acting_seat(ctx: Context) -> str:
    """The character whose turn it is: every phone at the table may tap for them."""
    seat = active_seat(ctx.state)
    if seat is None:
        raise RuleViolation(msg("error.td.common.no_character_has_turn_yet"), code="no_turn")
    return seat


def on_crown(state: State) -> list[str]:
    return [
        seat
        for seat, info in state.get("characters", {}).items()
        if (info.get("inner") or {}).get("space") == CROWN
    ]


def in_play(state: State, actor: str | None) -> str | None:
    """Availability: the game is on and a character has the turn."""
    if state.get("outcome"):
        return "The game is over."
    if active_seat(state) is None:
        return "No character has a turn yet."
    return None


def check_lord(lord: str) -> str:
    if lord not in default_pack().lords:
        names = ", ".join(default_pack().lords)
        raise RuleViolation(
            msg("error.td.common.not_draconic_lord", lord=lord, names=names), code="unknown_lord"
        )
    return lord
