"""Names and look-ups every Talisman: The Dragon module shares."""

from __future__ import annotations

import re
from typing import Any

from deck_tracker.engine.commands import Choice, Reason, Unavailable
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.errors import RuleViolation
from deck_tracker.engine.i18n import DEFAULT_LANGUAGE, Text, msg, name, render_text

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


def character_name(printed: str) -> dict[str, Any]:
    """A character by the name printed on its card ("Dragon Hunter"), read in the reader's
    language; a name the table typed that no catalogue knows reads as typed."""
    return name("td-character:" + "-".join(re.findall(r"[a-z0-9]+", printed.lower())), printed)


def character_ref(state: State, seat: str) -> Text:
    """A seat's character as the events and the view name it: "Ann's Conjurer" (English),
    "Ann (Beschwörer)" (German); the player alone before a character is chosen."""
    character = state.get("characters", {}).get(seat, {})
    player = state.get("seats", {}).get(seat, {}).get("name") or msg("td.common.a_player")
    printed = character.get("name")
    if not printed:
        return player
    return msg("td.common.character_of", player=player, character=character_name(printed))


def character_label(state: State, seat: str, language: str = DEFAULT_LANGUAGE) -> str:
    """:func:`character_ref` in the words of ``language``."""
    return render_text(character_ref(state, seat), language)


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
    """The character whose turn it is (only that seat's phone takes the turn: ``in_play``)."""
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


def in_play(state: State, actor: str | None) -> Reason | None:
    """Availability: the game is on and a character has the turn, and the caller is its seat.

    Each seat acts only for itself: the turn's actions are taken from the phone of the seat
    whose turn it is, never for it from another (a command without a caller, the engine's own,
    may take them).
    """
    if state.get("outcome"):
        return msg("error.dotr.base.night.game_over")
    seat = active_seat(state)
    if seat is None:
        return msg("error.td.common.no_character_has_turn_yet")
    if actor is not None and actor != seat:
        return Unavailable(
            msg("error.td.common.not_your_turn", player=player_name(state, seat)), "not_your_turn"
        )
    return None


def own_seat(ctx: Context, seat: str | None) -> str:
    """The seat whose character a command speaks for: the caller's own (a scale discarded, the
    opponents named, a new character); another seat's is refused before anything is read."""
    chosen = seat or ctx.actor
    if ctx.actor is not None and chosen != ctx.actor:
        raise RuleViolation(
            msg("error.td.common.not_your_character", player=player_name(ctx.state, chosen)),
            code="not_your_seat",
        )
    if chosen is None or chosen not in ctx.get("characters", default={}):
        raise RuleViolation(
            msg("error.td.combat.seat_has_no_character", chosen=chosen), code="no_character"
        )
    return chosen


def player_name(state: State, seat: str | None) -> Text:
    name = state.get("seats", {}).get(seat or "", {}).get("name")
    return str(name) if name else msg("td.common.this_player")


def check_lord(lord: str) -> str:
    if lord not in default_pack().lords:
        names = ", ".join(default_pack().lords)
        raise RuleViolation(
            msg("error.td.common.not_draconic_lord", lord=lord, names=names), code="unknown_lord"
        )
    return lord


def lord_choices(state: State, actor: str | None) -> list[Choice]:
    """The Draconic Lords, offered by name."""
    return [Choice(lord.id, lord.name) for lord in default_pack().lords.values()]
