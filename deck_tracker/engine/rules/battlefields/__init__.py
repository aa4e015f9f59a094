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

from deck_tracker.engine.game import SEAT_HOOKS, setup_handler
from deck_tracker.engine.views import SYSTEM_VIEWS

from . import dice as _dice  # noqa: F401  (registers the commands)
from . import field as _field  # noqa: F401
from . import plays as _plays  # noqa: F401
from . import victory as _victory  # noqa: F401
from .setup import seat_hook, setup_battlefields
from .view import view_battlefields

SYSTEM = "battlefields"

setup_handler(SYSTEM)(setup_battlefields)
SEAT_HOOKS[SYSTEM] = seat_hook
SYSTEM_VIEWS[SYSTEM] = view_battlefields
