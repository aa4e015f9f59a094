"""Defenders of the Realm: Battlefields, the card game of heroes against minions.

The app is the table's referee, dice and scorekeeper: players keep their physical cards; the app
sets the war up, knows every battlefield in play, checks each play against its victory
conditions, rolls the battle dice, tracks stuns, Generals' tokens, hands, battles won and the
war's victory. This module is the one place the system is registered (setup, seats, view).

The state of a ``battlefields`` game, beyond the generic keys (``seats``, ``history``, ...)::

    settings      the documented choices of settings.py, fixed at setup
    mode          {"name", "battlefields", "same_colour", "generals"}
    players       {position: {"side", "seat", "hand", "hand_limit", "short"}}   (hands.py)
    order, turn   the cycle of positions and the turn in progress                 (hands.py)
    sides         {side: {"deck", "discard", "generals" (left to send), "won" [tile ids]}}
    tiles         {tile id: "pile" | "offered" | "play" | "won"}                  (field.py)
    battlefields  {tile id: {"cards": {side: [card]}, "generals": {side: [...]}}}
    field_order   the tiles in play, in order
    pending       None | {"kind": "objective" | "draw" | "choose" | "reward", ...}
    dice          the last roll: {"faces", "physical", "result"}
    library       {"tiles": {id: taught rules}, "cards": {side: {key: card}}}: what the table
                  entered, remembered for the rest of the game and offered to the next one
    overlays      {"battlefields": {"hash", "data"}}: the pack's overlay kept at setup
"""

from typing import Any

from deck_tracker.engine.commands import CommandSpec
from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import Message, msg
from deck_tracker.engine.systems import System

from . import dice as _dice  # noqa: F401  (registers the commands)
from . import field as _field  # noqa: F401
from . import plays as _plays  # noqa: F401
from . import victory as _victory  # noqa: F401
from .settings import describe_settings
from .setup import seat_hook, setup_battlefields
from .tiles import PACK_ID
from .view import view_battlefields

__all__ = ["SYSTEM", "describe_system", "load"]

SYSTEM = "battlefields"

DECK_COMMANDS = frozenset({"draw", "discard", "shuffle", "peek"})


def _not_in_battlefields(state: State, spec: CommandSpec) -> Message | None:
    if spec.name in DECK_COMMANDS:
        return msg("error.bf.decks_at_table")
    return None


def load() -> System:
    """The system as ``engine/systems.py`` lists it (its command modules are imported above)."""
    return System(
        SYSTEM,
        setup=setup_battlefields,
        seat_hook=seat_hook,
        view=view_battlefields,
        not_in_this_game=_not_in_battlefields,
        offered=describe_system,
    )


def describe_system() -> list[dict[str, Any]]:
    """The games of this system the setup screen offers (``GET /api/v1/scenarios/``)."""
    return [
        {
            "id": "battlefields",
            "name": "Defenders of the Realm: Battlefields",
            "system": SYSTEM,
            "packs": [PACK_ID],
            "options": describe_settings(),
            "table_decks": [],
            "setup": {"system": SYSTEM, "options": {"mode": "skirmish", "players": 2}},
        }
    ]
