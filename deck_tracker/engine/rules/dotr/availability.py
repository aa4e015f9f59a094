"""Which commands belong to an expansion or a scenario: the list of actions says so.

The commands refuse by themselves when their expansion is not in play; this lets the list of
actions (`GET /api/v1/games/{id}/actions/`) mark them unavailable, with the reason, beforehand.
"""

from __future__ import annotations

from deck_tracker.engine.commands import CommandSpec
from deck_tracker.engine.core import State
from deck_tracker.engine.i18n import Message, listing, msg
from deck_tracker.engine.i18n import name as named

NAMES = {
    "dragon": "the Dragon expansion",
    "companions_catacombs": "Companions & Catacombs",
    "heros_calling": "The Hero's Calling",
}
# The module a command is written in (its path under ``rules/dotr``) -> the expansions any of
# which it needs.
MODULE_EXPANSIONS: dict[str, tuple[str, ...]] = {
    "dragon.agents": ("dragon",),
    "dragon.blessings": ("dragon",),
    "dragon.fire": ("dragon",),
    "dragon.global_effects": ("dragon",),
    "dragon.sterling": ("dragon",),
    "dragon.winds_of_war": ("dragon",),
    "companions_catacombs.trolls_and_spiders": ("dragon", "companions_catacombs"),
    "companions_catacombs.companions": ("companions_catacombs",),
    "companions_catacombs.recruit": ("companions_catacombs",),
    "companions_catacombs.dungeon_runs": ("companions_catacombs",),
    "companions_catacombs.dungeon_death": ("companions_catacombs",),
    "companions_catacombs.warlords": ("companions_catacombs",),
    "heros_calling.heroes": ("heros_calling",),
}
# Commands that need other expansions than the rest of their module: the Dragon expansion's
# Troll Renegades are placed by the table; Companions & Catacombs places its own Trolls.
COMMAND_EXPANSIONS: dict[str, tuple[str, ...]] = {"place_troll": ("dragon",)}
_PREFIX = __name__.rpartition(".")[0] + "."
# Commands that only a scenario's special rules use.
SCENARIO_COMMANDS = {"douse_fire": "the-burning-land", "keep_quest": "onslaught"}
SCENARIO_NAMES = {"the-burning-land": "The Burning Land", "onslaught": "Onslaught"}


# The expansions each command needs, found once per command (its name and handler).
_NEEDED: dict[tuple[str, object], tuple[str, ...] | None] = {}


def not_in_this_game(state: State, spec: CommandSpec) -> Message | None:
    key = (spec.name, spec.handler)
    try:
        needed = _NEEDED[key]
    except KeyError:
        needed = _NEEDED[key] = COMMAND_EXPANSIONS.get(spec.name) or MODULE_EXPANSIONS.get(
            spec.handler.__module__.removeprefix(_PREFIX)
        )
    if needed and not set(needed) & set(state.get("expansions") or ()):
        names = [named(f"expansion-needed:{name}", NAMES[name]) for name in needed]
        return msg(
            "error.dotr.availability.needs",
            expansions=listing(names, word="or"),
        )
    scenario = SCENARIO_COMMANDS.get(spec.name)
    if scenario and (state.get("scenario") or {}).get("id") != scenario:
        scenario_name = named(f"scenario:{scenario}", SCENARIO_NAMES.get(scenario, scenario))
        return msg("dotr.availability.only_in_scenario", scenario=scenario_name)
    return None
