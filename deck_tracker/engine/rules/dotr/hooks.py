"""Defenders of the Realm: every registry of its rules, the modules it loads, and their order.

The base rules run hooks at fixed points; the expansions and scenarios fill them. Which rule
fills a hook, and in which order the hooks run, is written here and nowhere else (as Django's
``MIDDLEWARE`` declares its order): no rules module appends to a registry. Each entry is a
dotted path, ``"<folder>.<module>:<name>"`` under ``rules/dotr/``, resolved once by :func:`load`
when the game system is loaded (``engine/systems.py``); the registries are then plain lists and
dicts, so running a hook costs what it cost before.

This module imports only the generic engine, so the base rules may import it without importing
the expansions: the folders stay floors (``base`` < the expansions < ``scenarios``).

Order rules:
* folders in the order base, dragon, companions_catacombs, heros_calling, kings_champion,
  scenarios, unless an entry says why it runs elsewhere;
* ``OBSERVERS`` keep the order the table has always seen (the Warlords last: they leave a
  location emptied by any command, other observers' removals included).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deck_tracker.engine.commands import Observer
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.i18n import Text
from deck_tracker.engine.systems import System, resolve

if TYPE_CHECKING:
    from deck_tracker.engine.content import Card, Pack

    from .base.board import Realm
    from .base.expansions import Expansion
    from .base.settings import Setting

__all__ = [
    "AFTER_PLACED",
    "BEFORE_MINIONS",
    "CARD_RESOLVED",
    "COMPOSERS",
    "EXPANSIONS",
    "GENERAL_MOVED",
    "GENERAL_MOVERS",
    "GENERAL_ONLY_PLANS",
    "HERO_ENTERED",
    "PLACEMENT_BLOCKS",
    "READ_ANSWERS",
    "READ_RESUMES",
    "RULE_MODULES",
    "SETTINGS",
    "SETUP_EXPANDERS",
    "SETUP_READ",
    "TO_HIT_MODIFIERS",
    "UNCOUNTED",
    "InPlay",
    "expand_setup",
    "in_play",
    "load",
]

PACKAGE = __name__.rpartition(".")[0]

# ---------------------------------------------------------------------------------------------
# The modules of the system, folder by folder: loading them registers their ``@command``s (the
# list of actions follows this order).
# ---------------------------------------------------------------------------------------------
RULE_MODULES: tuple[str, ...] = (
    # base: the board, the night, the setup, the heroes and the table entries
    "base.table",
    "base.board",
    "base.pending",
    "base.night",
    "base.read_card",
    "base.heroes",
    "base.quests",
    "base.setup",
    "base.view",
    # dragon: the Dragon expansion
    "dragon.content",
    "dragon.minions",
    "dragon.agents",
    "dragon.blessings",
    "dragon.fire",
    "dragon.dangers",
    "dragon.global_effects",
    "dragon.sterling",
    "dragon.winds_of_war",
    "dragon.setup",
    # companions_catacombs: Companions & Catacombs (and the Trolls both expansions share)
    "companions_catacombs.fallen",
    "companions_catacombs.warlords",
    "companions_catacombs.trolls_and_spiders",
    "companions_catacombs.dungeons",
    "companions_catacombs.dungeon_runs",
    "companions_catacombs.dungeon_death",
    "companions_catacombs.companions",
    "companions_catacombs.companion_events",
    "companions_catacombs.recruit",
    # heros_calling: The Hero's Calling
    "heros_calling.war_status",
    "heros_calling.heroes",
    "heros_calling.setup",
    # kings_champion: fame, the Grand Ball and the rewards
    "kings_champion.fame",
    "kings_champion.fame_proposals",
    "kings_champion.grand_ball",
    # scenarios: the Dragon expansion's scenarios
    "scenarios.catalogue",
    "scenarios.hands",
    "scenarios.special_rules",
    "scenarios.setup",
)

# ---------------------------------------------------------------------------------------------
# The registries: declared here, filled by ``load`` from the order below.
# ---------------------------------------------------------------------------------------------
# Board (base/board.py)
# (realm, location, by_general) -> (rule, reason) when nothing may be placed there, else None.
PLACEMENT_BLOCKS: list[Callable[[Realm, str, bool], tuple[Text, Text] | None]] = []
# (realm, location, colour, count, source) after minions land; source is "card", "general" (the
# minions a General brings) or "spread" (an overrun's or a Quick Flying's minion).
AFTER_PLACED: list[Callable[[Realm, str, str, int, str], None]] = []
# (realm, general, target, minions) -> True when the rule moved the General itself.
GENERAL_MOVERS: list[Callable[[Realm, str, str | None, int], bool]] = []
# (realm, general) after any General moved.
GENERAL_MOVED: list[Callable[[Realm, str], None]] = []
# Combat (dragon/minions.py): (state, location, colour) -> added to the roll needed to hit.
TO_HIT_MODIFIERS: list[Callable[[State, str, str], int]] = []
# Night (base/night.py)
# Card kind -> the rule of a card that does not count as a Darkness Spreads card: it resolves the
# card (and emits its event), then another card is drawn in its place. A rule that makes the
# night wait for the table (Sterling's landing place) returns what keeps the night's rest:
# it is given the night's continuation (``night.continue_night``'s arguments) to hold.
UNCOUNTED: dict[str, Callable[[Realm, Card], Callable[[dict[str, Any]], None] | None]] = {}
# After a card is resolved: a rule that keeps it instead of the discard pile returns True.
CARD_RESOLVED: list[Callable[[Realm, Card], bool]] = []
# ``extra_cards_general_only`` choice -> (war level) -> for each card of the night, whether it
# only moves its General (choices not listed here are the base game's, base/settings.py).
GENERAL_ONLY_PLANS: dict[str, Callable[[int], tuple[bool, ...]]] = {}
# Setup (base/setup.py)
# A setup request -> the setup the base rules read (a scenario names its Generals, expansions,
# options); each returns a new dict.
SETUP_EXPANDERS: list[Callable[[dict[str, Any]], dict[str, Any]]] = []
# Once the board and the decks are ready, before the Generals and the first minions are placed.
BEFORE_MINIONS: list[Callable[[Context, Realm], None]] = []
# After minions of the setup read late at the table were placed (a setup card or a General's
# starting minions, base/read_card.py), with the locations they went to.
SETUP_READ: list[Callable[[Context, list[str]], None]] = []
# Read the card (base/read_card.py): a prompt's card kind -> (ctx, prompt, face) -> the overlay
# piece its answer makes (kinds not listed: the base game's), and a prompt's ``resume`` rule ->
# (ctx, prompt, face): what goes on once the card is read (rules not listed: the base game's).
READ_ANSWERS: dict[str, Callable[[Context, dict[str, Any], dict[str, Any]], dict[str, Any]]] = {}
READ_RESUMES: dict[str, Callable[[Context, dict[str, Any], dict[str, Any]], None]] = {}
# After a hero entered the game with its first hand.
HERO_ENTERED: list[Callable[[Context, str], None]] = []
# Expansions (base/expansions.py), in the order their hooks run at setup.
EXPANSIONS: dict[str, Expansion] = {}
# Content (base/packs.py): expansion -> (key of its composition in the state, builder).
COMPOSERS: dict[str, tuple[Callable[[State], Any], Callable[[State], Pack]]] = {}
# Settings (base/settings.py): every documented choice, by name, in the order shown at setup.
SETTINGS: dict[str, Setting] = {}

# ---------------------------------------------------------------------------------------------
# The order. Each value lists, in the order they run, the rules that fill the registry.
# ---------------------------------------------------------------------------------------------
ORDER: dict[str, tuple[str, ...]] = {
    "PLACEMENT_BLOCKS": ("dragon.sterling:guards",),
    "AFTER_PLACED": (
        "dragon.minions:quick_flying",
        "dragon.fire:after_placed",
    ),
    "GENERAL_MOVERS": (
        # The Burning Land's loss is checked before Brimstone's flight moves him.
        "scenarios.special_rules:city_fire_loses",
        "dragon.fire:dragon_flight",
    ),
    "GENERAL_MOVED": (
        "dragon.global_effects:general_moved",
        "scenarios.special_rules:hemlock_taints",
    ),
    "TO_HIT_MODIFIERS": ("companions_catacombs.warlords:warlord_bonus",),
    "CARD_RESOLVED": ("dragon.winds_of_war:quiet_night",),
    "SETUP_EXPANDERS": ("scenarios.setup:expand",),
    "BEFORE_MINIONS": ("scenarios.setup:fires_before_minions",),
    "HERO_ENTERED": ("scenarios.hands:deal_on_entry",),
    "SETUP_READ": ("scenarios.setup:fire_taint_after_read",),
}
KEYED_ORDER: dict[str, dict[str, str]] = {
    "UNCOUNTED": {
        "good": "dragon.global_effects:drawn",
        "bad": "dragon.global_effects:drawn",
        "sterling": "dragon.sterling:drawn",
    },
    "GENERAL_ONLY_PLANS": {"war_status_card": "heros_calling.war_status:war_status_card_plan"},
    "READ_ANSWERS": {
        "good": "dragon.global_effects:read_answer",
        "bad": "dragon.global_effects:read_answer",
        "winds_of_war": "dragon.winds_of_war:read_answer",
        "winds_of_war_board": "dragon.winds_of_war:count_answer",
    },
    "READ_RESUMES": {
        "global_effect": "dragon.global_effects:read_resume",
        "winds_of_war_counted": "dragon.winds_of_war:counted",
        "winds_of_war_turned": "dragon.winds_of_war:turned",
        "winds_of_war_named": "dragon.winds_of_war:named",
        "quest": "base.quests:quest_read",
        "companion": "companions_catacombs.recruit:companion_read",
        "dungeon_room": "companions_catacombs.dungeon_runs:room_read",
        "treasure_room": "companions_catacombs.dungeon_runs:treasure_read",
    },
    "COMPOSERS": {"dragon": "dragon.content:COMPOSER"},
}
# Every Expansion, in the order a setup lists them and runs their hooks.
EXPANSION_ORDER: tuple[str, ...] = (
    "dragon.setup:EXPANSION_RULES",
    "companions_catacombs.companions:EXPANSION_RULES",
    "heros_calling.setup:EXPANSION_RULES",
    "scenarios.setup:EXPANSION_RULES",
)
# The settings tables, in the order the setup screen shows them, each with the expansions its
# settings act in (a setting of a table may name its own, ``Setting.needs``).
SETTING_TABLES: dict[str, tuple[str, ...]] = {
    "base.settings:BASE_SETTINGS": (),
    "companions_catacombs.settings:CC_SETTINGS": ("companions_catacombs",),
    "heros_calling.settings:HC_SETTINGS": ("heros_calling",),
    "dragon.settings:DRAGON_SETTINGS": ("dragon",),
    "scenarios.settings:SCENARIO_SETTINGS": ("scenario",),
}
# Rules that follow every command (``commands.Observer``), in the order they run.
OBSERVERS: tuple[str, ...] = (
    "companions_catacombs.fallen:OBSERVER",
    "companions_catacombs.trolls_and_spiders:OBSERVER",
    "companions_catacombs.companions:OBSERVER",
    "dragon.fire:OBSERVER",
    "dragon.dangers:OBSERVER",
    "base.quests:OBSERVER",
    "kings_champion.fame_proposals:OBSERVER",
    "dragon.global_effects:OBSERVER",
    "heros_calling.war_status:OBSERVER",
    "scenarios.special_rules:OBSERVER",
    # Last: the Warlords leave a location emptied by any command, other observers' included.
    "companions_catacombs.warlords:OBSERVER",
)
# The expansions in which a rule of the night, or an observer, acts (any one of them in play): a
# game with none of them never needs it, so it is not even called there (``in_play``; a base game
# runs none of these). A rule not listed here acts in every game. The Dragon expansion's pieces
# (fire, Sterling, Global Effects, Brimstone) come with a scenario too.
DRAGON_GAMES: tuple[str, ...] = ("dragon", "scenario")
ACTS_IN: dict[str, tuple[str, ...]] = {
    "dragon.sterling:guards": DRAGON_GAMES,
    "dragon.minions:quick_flying": DRAGON_GAMES,
    "dragon.fire:after_placed": DRAGON_GAMES,
    "scenarios.special_rules:city_fire_loses": ("scenario",),
    "dragon.fire:dragon_flight": DRAGON_GAMES,
    "dragon.global_effects:general_moved": DRAGON_GAMES,
    "scenarios.special_rules:hemlock_taints": ("scenario",),
    "dragon.winds_of_war:quiet_night": DRAGON_GAMES,
    "companions_catacombs.fallen:OBSERVER": ("companions_catacombs",),
    "companions_catacombs.trolls_and_spiders:OBSERVER": ("companions_catacombs",),
    "companions_catacombs.companions:OBSERVER": ("companions_catacombs",),
    "dragon.fire:OBSERVER": DRAGON_GAMES,
    "dragon.global_effects:OBSERVER": DRAGON_GAMES,
    "heros_calling.war_status:OBSERVER": ("heros_calling",),
    "scenarios.special_rules:OBSERVER": ("scenario",),
    "companions_catacombs.warlords:OBSERVER": ("companions_catacombs",),
}
SETUP = "base.setup:setup_dotr"
SEAT_HOOK = "base.setup:seat_hook"
VIEW = "base.view:view_dotr"
NOT_IN_THIS_GAME = "availability:not_in_this_game"
CARD_NAME = "base.packs:card_name"
SIMULATE_NIGHT = "base.array_night:array_night"


@dataclasses.dataclass(frozen=True)
class InPlay:
    """The rules of the night, and the observers, that act in a game with these expansions, in
    their declared order (a subset of the registries: those ``ACTS_IN`` lets in)."""

    placement_blocks: tuple[Callable[[Realm, str, bool], tuple[Text, Text] | None], ...]
    after_placed: tuple[Callable[[Realm, str, str, int, str], None], ...]
    general_movers: tuple[Callable[[Realm, str, str | None, int], bool], ...]
    general_moved: tuple[Callable[[Realm, str], None], ...]
    card_resolved: tuple[Callable[[Realm, Card], bool], ...]
    observers: tuple[Observer, ...]


# The observers (filled by ``load``), the paths each registry was filled from, and the rules in
# play per set of expansions.
_OBSERVERS: list[Observer] = []
_PATHS: dict[str, tuple[str, ...]] = {}
_IN_PLAY: dict[tuple[str, ...], InPlay] = {}


def in_play(state: State) -> InPlay:
    """The rules of the night and the observers that act in this game (cached per expansion
    set: a game's expansions never change once it is set up)."""
    key = tuple(state.get("expansions") or ())
    found = _IN_PLAY.get(key)
    if found is None:
        found = _IN_PLAY[key] = _select(frozenset(key))
    return found


def _select(expansions: frozenset[str]) -> InPlay:
    def acting(name: str, rules: list[Any]) -> tuple[Any, ...]:
        paths = _PATHS[name]
        return tuple(
            rule
            for rule, path in zip(rules, paths, strict=True)
            if path not in ACTS_IN or expansions.intersection(ACTS_IN[path])
        )

    return InPlay(
        placement_blocks=acting("PLACEMENT_BLOCKS", PLACEMENT_BLOCKS),
        after_placed=acting("AFTER_PLACED", AFTER_PLACED),
        general_movers=acting("GENERAL_MOVERS", GENERAL_MOVERS),
        general_moved=acting("GENERAL_MOVED", GENERAL_MOVED),
        card_resolved=acting("CARD_RESOLVED", CARD_RESOLVED),
        observers=acting("OBSERVERS", list(_OBSERVERS)),
    )


def observers_in_play(state: State) -> tuple[Observer, ...]:
    """The observers that follow a command of this game (``commands.run``)."""
    return in_play(state).observers


def _here(path: str) -> Any:
    return resolve(f"{PACKAGE}.{path}")


def load() -> System:
    """Load the rules modules, fill every registry in its declared order; the dotr System."""
    for module in RULE_MODULES:
        importlib.import_module(f"{PACKAGE}.{module}")
    registries = globals()
    for name, paths in ORDER.items():
        registries[name][:] = [_here(path) for path in paths]
        _PATHS[name] = paths
    for name, keyed in KEYED_ORDER.items():
        registries[name].clear()
        registries[name].update({key: _here(path) for key, path in keyed.items()})
    EXPANSIONS.clear()
    EXPANSIONS.update({e.name: e for e in map(_here, EXPANSION_ORDER)})
    setting = _here("base.settings:Setting")
    SETTINGS.clear()
    for table, needs in SETTING_TABLES.items():
        for spec in _here(table):
            entry = spec if isinstance(spec, setting) else setting(*spec)
            if needs and not entry.needs:
                entry = dataclasses.replace(entry, needs=needs)
            SETTINGS[entry.name] = entry
    _OBSERVERS[:] = [_here(path) for path in OBSERVERS]
    _PATHS["OBSERVERS"] = OBSERVERS
    _IN_PLAY.clear()
    return System(
        "dotr",
        setup=_here(SETUP),
        seat_hook=_here(SEAT_HOOK),
        view=_here(VIEW),
        observers=tuple(_OBSERVERS),
        observers_in_play=observers_in_play,
        not_in_this_game=_here(NOT_IN_THIS_GAME),
        card_name=_here(CARD_NAME),
        simulate_night=_here(SIMULATE_NIGHT),
    )


def expand_setup(setup: dict[str, Any]) -> dict[str, Any]:
    for expand in SETUP_EXPANDERS:
        setup = expand(setup)
    return setup
