"""Defenders of the Realm: the modules it loads, and which rule fills which hook, in order.

The base rules run hooks at fixed points; the expansions and scenarios fill them. Which rule
fills a hook, and in which order the hooks run, is written here and nowhere else (as Django's
``MIDDLEWARE`` declares its order): no rules module appends to a registry. Each entry is a plain
import, typed by its registry's :class:`typing.Protocol` (``registry.py``), so mypy checks
every hook's signature and an IDE follows it. :func:`load` copies these tuples into the
registries once, when the game system is loaded (``engine/systems.py``); running a hook costs
what it cost before.

This is the top of the system's floors: it imports every rules module, and no rules module
imports it (they read the registries from ``registry.py``, below ``base``).

Order rules:
* folders in the order base, dragon, companions_catacombs, heros_calling, kings_champion,
  scenarios, unless an entry says why it runs elsewhere;
* ``OBSERVERS`` keep the order the table has always seen (the Warlords last: they leave a
  location emptied by any command, other observers' removals included).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from deck_tracker.engine.commands import Observer
from deck_tracker.engine.systems import System

from . import registry
from .registry import (
    AfterPlaced,
    BeforeMinions,
    CardResolved,
    Composer,
    GeneralMoved,
    GeneralMover,
    GeneralOnlyPlan,
    HeroEntered,
    PlacementBlock,
    ReadAnswer,
    ReadResume,
    SetupExpander,
    SetupRead,
    ToHitModifier,
    Uncounted,
)

if TYPE_CHECKING:
    from .base.expansions import Expansion
    from .base.settings import Setting

# ---------------------------------------------------------------------------------------------
# The modules of the system, folder by folder, imported in this order: importing them registers
# their ``@command``s (the list of actions follows this order).
# ---------------------------------------------------------------------------------------------
# isort: off
# base: the board, the night, the setup, the heroes and the table entries
from .base import table as base_table
from .base import board as base_board
from .base import pending as base_pending
from .base import night as base_night
from .base import read_card as base_read_card
from .base import heroes as base_heroes
from .base import quests as base_quests
from .base import setup as base_setup
from .base import view as base_view

# dragon: the Dragon expansion
from .dragon import content as dragon_content
from .dragon import minions as dragon_minions
from .dragon import agents as dragon_agents
from .dragon import blessings as dragon_blessings
from .dragon import fire as dragon_fire
from .dragon import dangers as dragon_dangers
from .dragon import global_effects as dragon_global_effects
from .dragon import sterling as dragon_sterling
from .dragon import winds_of_war as dragon_winds_of_war
from .dragon import setup as dragon_setup

# companions_catacombs: Companions & Catacombs (and the Trolls both expansions share)
from .companions_catacombs import fallen as cc_fallen
from .companions_catacombs import warlords as cc_warlords
from .companions_catacombs import trolls_and_spiders as cc_trolls_and_spiders
from .companions_catacombs import dungeons as cc_dungeons
from .companions_catacombs import dungeon_runs as cc_dungeon_runs
from .companions_catacombs import dungeon_death as cc_dungeon_death
from .companions_catacombs import companions as cc_companions
from .companions_catacombs import companion_events as cc_companion_events
from .companions_catacombs import recruit as cc_recruit

# heros_calling: The Hero's Calling
from .heros_calling import war_status as hc_war_status
from .heros_calling import heroes as hc_heroes
from .heros_calling import setup as hc_setup

# kings_champion: fame, the Grand Ball and the rewards
from .kings_champion import fame as kc_fame
from .kings_champion import fame_proposals as kc_fame_proposals
from .kings_champion import grand_ball as kc_grand_ball

# scenarios: the Dragon expansion's scenarios
from .scenarios import catalogue as sc_catalogue
from .scenarios import hands as sc_hands
from .scenarios import special_rules as sc_special_rules
from .scenarios import setup as sc_setup

# the settings tables and what a game without an expansion may not do
from .base import packs as base_packs
from .base import array_night as base_array_night
from .base import settings as base_settings
from .companions_catacombs import settings as cc_settings
from .dragon import settings as dragon_settings
from .heros_calling import settings as hc_settings
from .scenarios import settings as sc_settings
from . import availability

# isort: on

__all__ = ["RULE_MODULES", "load"]

RULE_MODULES: tuple[ModuleType, ...] = (
    base_table,
    base_board,
    base_pending,
    base_night,
    base_read_card,
    base_heroes,
    base_quests,
    base_setup,
    base_view,
    dragon_content,
    dragon_minions,
    dragon_agents,
    dragon_blessings,
    dragon_fire,
    dragon_dangers,
    dragon_global_effects,
    dragon_sterling,
    dragon_winds_of_war,
    dragon_setup,
    cc_fallen,
    cc_warlords,
    cc_trolls_and_spiders,
    cc_dungeons,
    cc_dungeon_runs,
    cc_dungeon_death,
    cc_companions,
    cc_companion_events,
    cc_recruit,
    hc_war_status,
    hc_heroes,
    hc_setup,
    kc_fame,
    kc_fame_proposals,
    kc_grand_ball,
    sc_catalogue,
    sc_hands,
    sc_special_rules,
    sc_setup,
)

# ---------------------------------------------------------------------------------------------
# The order. Each tuple lists, in the order they run, the rules that fill the registry of the
# same name (registry.py says what each hook is given and returns).
# ---------------------------------------------------------------------------------------------
PLACEMENT_BLOCKS: tuple[PlacementBlock, ...] = (dragon_sterling.guards,)
AFTER_PLACED: tuple[AfterPlaced, ...] = (
    dragon_minions.quick_flying,
    dragon_fire.after_placed,
)
GENERAL_MOVERS: tuple[GeneralMover, ...] = (
    # The Burning Land's loss is checked before Brimstone's flight moves him.
    sc_special_rules.city_fire_loses,
    dragon_fire.dragon_flight,
)
GENERAL_MOVED: tuple[GeneralMoved, ...] = (
    dragon_global_effects.general_moved,
    sc_special_rules.hemlock_taints,
)
TO_HIT_MODIFIERS: tuple[ToHitModifier, ...] = (cc_warlords.warlord_bonus,)
CARD_RESOLVED: tuple[CardResolved, ...] = (dragon_winds_of_war.quiet_night,)
SETUP_EXPANDERS: tuple[SetupExpander, ...] = (sc_setup.expand,)
BEFORE_MINIONS: tuple[BeforeMinions, ...] = (sc_setup.fires_before_minions,)
HERO_ENTERED: tuple[HeroEntered, ...] = (sc_hands.deal_on_entry,)
SETUP_READ: tuple[SetupRead, ...] = (sc_setup.fire_taint_after_read,)

UNCOUNTED: dict[str, Uncounted] = {
    "good": dragon_global_effects.drawn,
    "bad": dragon_global_effects.drawn,
    "sterling": dragon_sterling.drawn,
}
GENERAL_ONLY_PLANS: dict[str, GeneralOnlyPlan] = {
    "war_status_card": hc_war_status.war_status_card_plan,
}
READ_ANSWERS: dict[str, ReadAnswer] = {
    "good": dragon_global_effects.read_answer,
    "bad": dragon_global_effects.read_answer,
    "winds_of_war": dragon_winds_of_war.read_answer,
    "winds_of_war_board": dragon_winds_of_war.count_answer,
}
READ_RESUMES: dict[str, ReadResume] = {
    "global_effect": dragon_global_effects.read_resume,
    "winds_of_war_counted": dragon_winds_of_war.counted,
    "winds_of_war_turned": dragon_winds_of_war.turned,
    "winds_of_war_named": dragon_winds_of_war.named,
    "quest": base_quests.quest_read,
    "companion": cc_recruit.companion_read,
    "dungeon_room": cc_dungeon_runs.room_read,
    "treasure_room": cc_dungeon_runs.treasure_read,
}
COMPOSERS: dict[str, Composer] = {"dragon": dragon_content.COMPOSER}
# Every Expansion, in the order a setup lists them and runs their hooks.
EXPANSIONS: tuple[Expansion, ...] = (
    dragon_setup.EXPANSION_RULES,
    cc_companions.EXPANSION_RULES,
    hc_setup.EXPANSION_RULES,
    sc_setup.EXPANSION_RULES,
)
# The settings tables, in the order the setup screen shows them, each with the expansions its
# settings act in (a setting of a table may name its own, ``Setting.needs``).
SETTING_TABLES: tuple[tuple[Sequence[Setting], tuple[str, ...]], ...] = (
    (base_settings.BASE_SETTINGS, ()),
    (cc_settings.CC_SETTINGS, ("companions_catacombs",)),
    (hc_settings.HC_SETTINGS, ("heros_calling",)),
    (dragon_settings.DRAGON_SETTINGS, ("dragon",)),
    (sc_settings.SCENARIO_SETTINGS, ("scenario",)),
)
# Rules that follow commands (``commands.Observer``; each declares the commands it follows, the
# dispatcher calls it after no other), in the order they run.
OBSERVERS: tuple[Observer, ...] = (
    cc_fallen.OBSERVER,
    cc_trolls_and_spiders.OBSERVER,
    cc_companions.OBSERVER,
    dragon_fire.OBSERVER,
    dragon_dangers.OBSERVER,
    base_quests.OBSERVER,
    kc_fame_proposals.OBSERVER,
    dragon_global_effects.OBSERVER,
    hc_war_status.OBSERVER,
    sc_special_rules.OBSERVER,
    # Last: the Warlords leave a location emptied by any command, other observers' included.
    cc_warlords.OBSERVER,
)
# The expansions in which a rule of the night, or an observer, acts (any one of them in play): a
# game with none of them never needs it, so it is not even called there (``registry.in_play``; a
# base game runs none of these). A rule not listed here acts in every game. The Dragon
# expansion's pieces (fire, Sterling, Global Effects, Brimstone) come with a scenario too.
DRAGON_GAMES: tuple[str, ...] = ("dragon", "scenario")
ACTS_IN: dict[object, tuple[str, ...]] = {
    dragon_sterling.guards: DRAGON_GAMES,
    dragon_minions.quick_flying: DRAGON_GAMES,
    dragon_fire.after_placed: DRAGON_GAMES,
    sc_special_rules.city_fire_loses: ("scenario",),
    dragon_fire.dragon_flight: DRAGON_GAMES,
    dragon_global_effects.general_moved: DRAGON_GAMES,
    sc_special_rules.hemlock_taints: ("scenario",),
    dragon_winds_of_war.quiet_night: DRAGON_GAMES,
    cc_fallen.OBSERVER: ("companions_catacombs",),
    cc_trolls_and_spiders.OBSERVER: ("companions_catacombs",),
    cc_companions.OBSERVER: ("companions_catacombs",),
    dragon_fire.OBSERVER: DRAGON_GAMES,
    dragon_global_effects.OBSERVER: DRAGON_GAMES,
    hc_war_status.OBSERVER: ("heros_calling",),
    sc_special_rules.OBSERVER: ("scenario",),
    cc_warlords.OBSERVER: ("companions_catacombs",),
    # The dangers wait, and Imps are slain, only in a game with an expansion (its own check).
    dragon_dangers.OBSERVER: tuple(expansion.name for expansion in EXPANSIONS),
}


_V = TypeVar("_V")


def _refill(target: dict[str, _V], source: Mapping[str, _V]) -> None:
    target.clear()
    target.update(source)


def load() -> System:
    """Fill every registry in its declared order; the dotr System."""
    registry.PLACEMENT_BLOCKS[:] = PLACEMENT_BLOCKS
    registry.AFTER_PLACED[:] = AFTER_PLACED
    registry.GENERAL_MOVERS[:] = GENERAL_MOVERS
    registry.GENERAL_MOVED[:] = GENERAL_MOVED
    registry.TO_HIT_MODIFIERS[:] = TO_HIT_MODIFIERS
    registry.CARD_RESOLVED[:] = CARD_RESOLVED
    registry.SETUP_EXPANDERS[:] = SETUP_EXPANDERS
    registry.BEFORE_MINIONS[:] = BEFORE_MINIONS
    registry.HERO_ENTERED[:] = HERO_ENTERED
    registry.SETUP_READ[:] = SETUP_READ
    _refill(registry.UNCOUNTED, UNCOUNTED)
    _refill(registry.GENERAL_ONLY_PLANS, GENERAL_ONLY_PLANS)
    _refill(registry.READ_ANSWERS, READ_ANSWERS)
    _refill(registry.READ_RESUMES, READ_RESUMES)
    _refill(registry.COMPOSERS, COMPOSERS)
    registry.EXPANSIONS.clear()
    registry.EXPANSIONS.update({e.name: e for e in EXPANSIONS})
    registry.SETTINGS.clear()
    for table, needs in SETTING_TABLES:
        for entry in table:
            if needs and not entry.needs:
                entry = dataclasses.replace(entry, needs=needs)
            registry.SETTINGS[entry.name] = entry
    registry.OBSERVERS[:] = OBSERVERS
    registry.ACTS_IN.clear()
    registry.ACTS_IN.update(ACTS_IN)
    registry.IN_PLAY.clear()
    registry.OBSERVERS_AFTER.clear()
    return System(
        "dotr",
        setup=base_setup.setup_dotr,
        seat_hook=base_setup.seat_hook,
        view=base_view.view_dotr,
        observers=OBSERVERS,
        observers_in_play=registry.observers_in_play,
        not_in_this_game=availability.not_in_this_game,
        card_name=base_packs.card_name,
        hero_name=base_table.seat_hero_name,
        simulate_night=base_array_night.array_night,
        brought=kc_grand_ball.brought,
    )
