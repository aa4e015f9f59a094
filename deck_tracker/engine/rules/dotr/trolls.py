"""Troll Renegades in a game with the Dragon expansion (DX 'Renegade Troll Rules').

"Trolls count as 1 Minion on their location. When attacking a location with a Troll, the player
always attacks the Troll separate from other Minions present, and requires a separate Action to
attack. To Attack Troll Renegades roll 3 Dice. To remove the Troll Renegade Token, you must roll
doubles ... The Dwarf and Paladin are natural Troll Slayers and may re-roll some or all dice from
an attack. Attacks that fail to defeat the Troll result in a single wound to the hero that may be
blocked by Armor (Paladin, Dwarf) or avoided by the Eagle Rider if in the air."

Companions & Catacombs has the same tokens and the same attack; both expansions share them
(``board_tokens.py``: ``board.<loc>.trolls``, counted with the minions for overruns and taint;
``attack_troll`` and ``reroll_troll``). The Dragon rulebook does not say how Trolls reach the
board, so the table places them (``place_troll``, setting ``troll_renegades``).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import command
from deck_tracker.engine.core import Context
from deck_tracker.engine.errors import RuleViolation

from .board_tokens import place_token
from .pending import on_board
from .table import DOTR, LOCATION, location_name, require_playing, resolve_location

R_PLACE = "Renegade Troll Rules: Trolls count as 1 Minion on their location"


@command("place_troll", args={"location": LOCATION}, systems=DOTR)
def place_troll(ctx: Context, args: dict[str, Any]) -> None:
    """A Troll Renegade token placed on the board (it counts as a minion there)."""
    require_playing(ctx.state)
    if "trolls" not in (ctx.state.get("supply") or {}):
        raise RuleViolation("This game has no Troll Renegade tokens.", code="no_trolls")
    location = resolve_location(ctx.state, args["location"])
    on_board(
        ctx,
        lambda realm: place_token(realm, "trolls", location, R_PLACE),
        type="troll_placed",
        summary=f"A Troll Renegade on {location_name(ctx.state, location)}.",
        data={"location": location},
    )
