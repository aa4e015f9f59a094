"""Defenders of the Realm: the board, the setup, the night (Darkness Spreads) and the heroes.

The state of a ``dotr`` game, beyond the generic keys (``seats``, ``decks``, ``history``, ...)::

    settings   {name: value}     the documented choices of settings.py, fixed at setup
    packs      [pack id, ...]    the content packs in play ("dotr-base" first)
    board      {location id: {"minions": {colour: n}, "taint": n, "gate": bool}}
               every space of the board, all four colours listed (0 when none)
    supply     {"minions": {colour: n}, "taint": n, "gates": n}
    generals   {general id: {"colour", "location", "path_index", "wounds", "defeated"}}
    war_level  0..3 on the War Status track (Early, Mid, Mid, Late)
    war_status "early" | "mid" | "late"   (derived from war_level, kept for clients)
    heroes     {seat: {"hero": hero id, "location": location id, "life": n, "max_life": n,
                       "quests": [quest card ids held], "completed_quests": [...]}}
    turn       {"number": n, "active_seat": seat | None}
    outcome    None | {"result": "won" | "lost", "reason": str, "rule": str}

Colours are ``green`` (Orcs), ``black`` (Undead), ``red`` (Demons), ``blue`` (Dragonkin).
"""

from . import heroes as _heroes  # noqa: F401
from . import night as _night  # noqa: F401
from . import setup as _setup  # noqa: F401
from . import table as _table  # noqa: F401
from . import view as _view  # noqa: F401
