"""The rules engine: pure Python, no Django, no I/O beyond reading content packs.

This module is the engine's one door for the Django side (services, selectors, the API, the
client's pages, Celery tasks, management commands, awards): start a game, run a command, what a
seat sees, the catalogue of commands, a night for simulation (``run_night``), and the lookups
the setup screen and the awards need. The Django side imports from here (and content names from
``deck_tracker.engine.content``), never a rules module; the import contract ``engine-door``
(pyproject.toml, ``lint-imports``) enforces it.

Importing the engine loads every game system (``systems.SYSTEMS``), so that their commands are
registered before the first one runs.
"""

from __future__ import annotations

from .commands import command_forms, describe_commands
from .core import Event
from .errors import EngineError, InvalidArguments, RuleViolation, UnknownCommand
from .game import INTERNAL_COMMANDS
from .i18n import catalogue, is_message, msg, normalise_language, render_text, render_value
from .i18n import name as name_of
from .play import (
    Applied,
    Brings,
    Started,
    StoredCommand,
    StoredCommands,
    apply,
    brings_anything,
    replay,
    setup,
    simulate,
    view,
)
from .reading import in_language
from .rng import new_seed, seed_commitment
from .rules.dotr.base.expansions import describe_setup_options, setup_asks
from .rules.dotr.base.settings import describe_settings, setting_words
from .rules.dotr.base.setup import DECKS as DOTR_TABLE_DECKS
from .rules.dotr.forecast import MAX_HORIZON as FORECAST_MAX_NIGHTS
from .rules.dotr.forecast import MAX_SAMPLES as FORECAST_MAX_SAMPLES
from .rules.dotr.forecast import check_forecast, forecast
from .rules.dotr.kings_champion.fame import describe_actions as describe_fame_actions
from .rules.dotr.kings_champion.fame import fame_totals
from .rules.dotr.kings_champion.grand_ball import describe_rewards
from .rules.dotr.scenarios.catalogue import default_scenarios, describe_scenario
from .setup_words import game_entry_in, scenario_title
from .slugs import slugify
from .systems import load_systems, offered_games
from .views import EventView, step_places, view_event, words_in
from .words import deck_name

__all__ = [
    # What the setup screen, the forecast and the awards look up.
    "DOTR_TABLE_DECKS",
    "FORECAST_MAX_NIGHTS",
    "FORECAST_MAX_SAMPLES",
    # Refusals, events and seeds.
    "INTERNAL_COMMANDS",
    # The verbs: a game set up, a command applied, what a seat sees, a night simulated, the
    # state stored events leave; each returns what to store.
    "Applied",
    "Brings",
    "EngineError",
    "Event",
    "EventView",
    "InvalidArguments",
    "RuleViolation",
    "Started",
    "StoredCommand",
    "StoredCommands",
    "UnknownCommand",
    "apply",
    "brings_anything",
    # Words in the reader's language.
    "catalogue",
    "check_forecast",
    "command_forms",
    "deck_name",
    "default_scenarios",
    "describe_commands",
    "describe_fame_actions",
    "describe_rewards",
    "describe_scenario",
    "describe_settings",
    "describe_setup_options",
    "fame_totals",
    "forecast",
    "game_entry_in",
    "in_language",
    "is_message",
    "load_systems",
    "msg",
    "name_of",
    "new_seed",
    "normalise_language",
    "offered_games",
    "render_text",
    "render_value",
    "replay",
    "scenario_title",
    "seed_commitment",
    "setting_words",
    "setup",
    "setup_asks",
    "simulate",
    "slugify",
    "step_places",
    "view",
    "view_event",
    "words_in",
]

load_systems()
