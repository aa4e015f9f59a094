"""The rules engine: pure Python, no Django, no I/O beyond reading content packs.

This module is the engine's one door for the Django side (services, selectors, the API, the
client's pages, Celery tasks, management commands, awards): start a game, run a command, what a
seat sees, the catalogue of commands, a night for simulation (``run_night``), and the lookups
the setup screen and the awards need. The Django side imports from here (and content names from
``deck_tracker.engine.content``), never a rules module; ``scripts/check_imports.py`` enforces
it.

Importing the engine loads every game system (``systems.SYSTEMS``), so that their commands are
registered before the first one runs.
"""

from __future__ import annotations

from .commands import Outcome, command_forms, describe_commands, run
from .core import Context, Event, State, fold
from .errors import EngineError, InvalidArguments, RuleViolation, UnknownCommand
from .game import (
    INTERNAL_COMMANDS,
    FollowUps,
    GameLog,
    replay_target_version,
    start_game,
    undo_extra,
)
from .i18n import catalogue, normalise_language, render_text
from .merge import changed_paths, rebase
from .reading import in_language
from .rng import new_seed, rng_for, seed_commitment
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
from .simulate import run_night
from .slugs import slugify
from .systems import get_system, load_systems, offered_games
from .views import view_event, view_state
from .words import deck_name, plural

__all__ = [
    "DOTR_TABLE_DECKS",
    "FORECAST_MAX_NIGHTS",
    "FORECAST_MAX_SAMPLES",
    "INTERNAL_COMMANDS",
    "Context",
    "EngineError",
    "Event",
    "FollowUps",
    "GameLog",
    "InvalidArguments",
    "Outcome",
    "RuleViolation",
    "State",
    "UnknownCommand",
    "catalogue",
    "changed_paths",
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
    "fold",
    "forecast",
    "game_entry_in",
    "get_system",
    "in_language",
    "load_systems",
    "new_seed",
    "normalise_language",
    "offered_games",
    "plural",
    "rebase",
    "render_text",
    "replay_target_version",
    "rng_for",
    "run",
    "run_night",
    "scenario_title",
    "seed_commitment",
    "setting_words",
    "setup_asks",
    "slugify",
    "start_game",
    "undo_extra",
    "view_event",
    "view_state",
]

load_systems()
