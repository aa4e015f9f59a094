"""Which commands belong to an expansion or a scenario: the list of actions says so.

The commands refuse by themselves when their expansion is not in play; this lets the list of
actions (`GET /api/v1/games/{id}/actions/`) mark them unavailable, with the reason, beforehand.
"""

from __future__ import annotations

from deck_tracker.engine.commands import NOT_IN_THIS_GAME, CommandSpec
from deck_tracker.engine.core import State

NAMES = {
    "dragon": "the Dragon expansion",
    "companions_catacombs": "Companions & Catacombs",
    "heros_calling": "The Hero's Calling",
}
# The module a command is written in -> the expansions any of which it needs.
MODULE_EXPANSIONS: dict[str, tuple[str, ...]] = {
    "agents": ("dragon",),
    "blessings": ("dragon",),
    "fire": ("dragon",),
    "global_effects": ("dragon",),
    "sterling": ("dragon",),
    "trolls": ("dragon",),
    "winds_of_war": ("dragon",),
    "board_tokens": ("dragon", "companions_catacombs"),
    "companions": ("companions_catacombs",),
    "recruit": ("companions_catacombs",),
    "dungeon_runs": ("companions_catacombs",),
    "dungeon_death": ("companions_catacombs",),
    "warlords": ("companions_catacombs",),
    "heros_calling": ("heros_calling",),
}
# Commands that only a scenario's special rules use.
SCENARIO_COMMANDS = {"douse_fire": "the-burning-land", "keep_quest": "onslaught"}


def _not_in_this_game(state: State, spec: CommandSpec) -> str | None:
    module = spec.handler.__module__.rsplit(".", 1)[-1]
    needed = MODULE_EXPANSIONS.get(module)
    if needed and not set(needed) & set(state.get("expansions") or ()):
        return f"Needs {' or '.join(NAMES[name] for name in needed)} in this game."
    scenario = SCENARIO_COMMANDS.get(spec.name)
    if scenario and (state.get("scenario") or {}).get("id") != scenario:
        return f"Only in the scenario {scenario}."
    return None


NOT_IN_THIS_GAME["dotr"] = _not_in_this_game
