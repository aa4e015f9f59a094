"""The game systems the engine knows, and what each adds to the generic table.

Each system is one line of :data:`SYSTEMS`: its name and the dotted path (``module:attribute``)
of a function that loads its rules (the modules whose ``@command``s it registers, its hooks in
their declared order) and returns its :class:`System`. Paths are resolved once, on first use, as
Django resolves ``INSTALLED_APPS``: the generic engine never imports a rules package, so a system
may import the generic engine freely without a circle.

Adding a game system (``rules/<system>/``) is one line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .commands import NOT_IN_THIS_GAME, OBSERVERS, OBSERVERS_IN_PLAY, CommandSpec, Observer
from .core import Brings, Context, State
from .i18n import Message

__all__ = [
    "SYSTEMS",
    "CardName",
    "SeatHook",
    "SetupHandler",
    "System",
    "SystemView",
    "get_system",
    "load_systems",
    "offered_games",
    "resolve",
]

SetupHandler = Callable[[Context, dict[str, Any]], None]
# What happens when a player takes a seat (after the seat exists).
SeatHook = Callable[[Context, str], None]
# What a seat sees of the system's own state, merged into the generic view, its words in the
# reader's language (the third argument).
SystemView = Callable[[State, "str | None", str], dict[str, Any]]
# Why a command cannot apply to this game at all (an expansion not in play).
NotInThisGame = Callable[[State, CommandSpec], "Message | None"]
# The name printed on a card of the game, from its id (None when the system does not know it).
CardName = Callable[[State, str], "str | None"]

# (state, seat, what its player brings) -> the commands that follow, with their arguments.
Brought = Callable[[State, str, Brings], list[tuple[str, dict[str, Any]]]]

SYSTEMS: Mapping[str, str] = {
    "generic": "deck_tracker.engine.game:generic_system",
    "dotr": "deck_tracker.engine.rules.dotr.hooks:load",
    "battlefields": "deck_tracker.engine.rules.battlefields:load",
    "talisman-dragon": "deck_tracker.engine.rules.talisman_dragon:load",
}


@dataclass(frozen=True)
class System:
    name: str
    setup: SetupHandler
    seat_hook: SeatHook | None = None
    view: SystemView | None = None
    # Rules that follow every command of a game of this system, in the order they run.
    observers: tuple[Observer, ...] = field(default_factory=tuple)
    # The observers that act in one game after a command (those of its expansions that follow
    # it, in the same order); None: every observer follows every command it declares.
    observers_in_play: Callable[[State, str], tuple[Observer, ...]] | None = None
    not_in_this_game: NotInThisGame | None = None
    # What the generic deck commands call a card in what players read (its id when None).
    card_name: CardName | None = None
    # A seat's hero (a character) by the name the seat was given, as a name read in the reader's
    # language (``i18n.name``); None: the name as given.
    hero_name: Callable[[str], Any] | None = None
    # What the setup screen offers for this system beyond Defenders of the Realm's own list
    # (``GET /api/v1/scenarios/``): one entry per way to start a game of it.
    offered: Callable[[], list[dict[str, Any]]] | None = None
    # A faster night for simulation (``simulate.run_night``): (state, random source, tally) ->
    # the state the ``night`` command leaves, or None where the command path is to resolve it
    # (the random source and the tally left as they were handed in).
    simulate_night: Callable[[State, Any, Any], State | None] | None = None
    # The commands that follow from what a player of the award tracker brings to a seat (the
    # seat's join or claim runs them); None: a player brings nothing to a game of this system.
    brought: Brought | None = None


_LOADED: dict[str, System] = {}


def resolve(path: str) -> Any:
    """``"package.module:attribute"`` -> the attribute (the module is imported once)."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def load_systems() -> Mapping[str, System]:
    """Every system, loaded once in the order of :data:`SYSTEMS`; the commands registered."""
    if len(_LOADED) < len(SYSTEMS):
        for name, path in SYSTEMS.items():
            if name in _LOADED:
                continue
            system: System = resolve(path)()
            _LOADED[name] = system
            OBSERVERS.extend(system.observers)
            if system.observers_in_play is not None:
                OBSERVERS_IN_PLAY[name] = system.observers_in_play
            if system.not_in_this_game is not None:
                NOT_IN_THIS_GAME[name] = system.not_in_this_game
    return _LOADED


def get_system(name: str) -> System | None:
    return load_systems().get(name)


def offered_games() -> list[dict[str, Any]]:
    """The setup screen's entries of every system that offers its own (in :data:`SYSTEMS` order)."""
    return [
        entry
        for system in load_systems().values()
        if system.offered is not None
        for entry in system.offered()
    ]
