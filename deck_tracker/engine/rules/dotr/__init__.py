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
    fame, fame_cup, grand_ball, rewards   the King's Champion Rewards (fame.py, grand_ball.py)
    expansions [name, ...]       the expansions in play (expansions.py); absent in a base game
    board[loc] trolls, spiders, warlords     Companions & Catacombs tokens (board_tokens.py)
    dungeons, dungeon_run, recruitment       Companions & Catacombs (dungeons.py, companions.py)
    heros_calling                            The Hero's Calling's levels (heros_calling.py)
    overlays   {pack id: {"hash", "data"}}   what players had entered for the packs in play
                                             when the game was set up (packs.py)
    dragon     {"generals": {colour: id}, "stand_in", "dealt", "agent"}  the Dragon expansion's
               composition of the game (dragon_content.py, dragon_setup.py)
    supply.fire, board[loc].fire             Fire Tokens (fire.py)
    global_effect, global_effect_turn        the active Global Effect (global_effects.py)
    sterling, winds_of_war, agent, royal_blessings, slayers, dangers_done
                                             the Dragon expansion's other rules (their modules)

Colours are ``green`` (Orcs), ``black`` (Undead), ``red`` (Demons), ``blue`` (Dragonkin).
"""

from . import agents as _agents  # noqa: F401

# Scenarios: their expansion hooks follow the Dragon expansion's (registered first).
from . import availability as _availability  # noqa: F401
from . import blessings as _blessings  # noqa: F401
from . import board_tokens as _board_tokens  # noqa: F401
from . import companions as _companions  # noqa: F401
from . import dangers as _dangers  # noqa: F401
from . import dragon_minions as _dragon_minions  # noqa: F401
from . import dragon_setup as _dragon_setup  # noqa: F401
from . import dungeon_death as _dungeon_death  # noqa: F401
from . import dungeon_runs as _dungeon_runs  # noqa: F401
from . import fame as _fame  # noqa: F401
from . import fame_proposals as _fame_proposals  # noqa: F401
from . import fire as _fire  # noqa: F401
from . import global_effects as _global_effects  # noqa: F401
from . import grand_ball as _grand_ball  # noqa: F401
from . import heroes as _heroes  # noqa: F401
from . import heros_calling as _heros_calling  # noqa: F401
from . import night as _night  # noqa: F401
from . import quests as _quests  # noqa: F401
from . import recruit as _recruit  # noqa: F401
from . import scenario_rules as _scenario_rules  # noqa: F401
from . import scenario_setup as _scenario_setup  # noqa: F401
from . import setup as _setup  # noqa: F401
from . import sterling as _sterling  # noqa: F401
from . import table as _table  # noqa: F401
from . import trolls as _trolls  # noqa: F401
from . import view as _view  # noqa: F401
from . import warlords as _warlords
from . import winds_of_war as _winds_of_war  # noqa: F401

# The Warlords leave a location emptied by any command, other observers' removals included.
_warlords.observe_last()
