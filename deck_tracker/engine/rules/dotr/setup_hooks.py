"""Points of the setup where other rules step in (scenarios, ``scenario_setup.py``).

* ``SETUP_EXPANDERS``: turn a setup request into the setup the base rules read (a scenario
  names its Generals, expansions and options); each returns a new dict.
* ``BEFORE_MINIONS``: once the board and the decks are ready, before the Generals and the first
  minions are placed (Realm in Flames sets its fires then).
* ``HERO_ENTERED``: after a hero entered the game with its first hand (a scenario deals more).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from deck_tracker.engine.core import Context

if TYPE_CHECKING:
    from .board import Realm

__all__ = ["BEFORE_MINIONS", "HERO_ENTERED", "SETUP_EXPANDERS", "expand_setup"]

SETUP_EXPANDERS: list[Callable[[dict[str, Any]], dict[str, Any]]] = []
BEFORE_MINIONS: list[Callable[[Context, Realm], None]] = []
HERO_ENTERED: list[Callable[[Context, str], None]] = []


def expand_setup(setup: dict[str, Any]) -> dict[str, Any]:
    for expand in SETUP_EXPANDERS:
        setup = expand(setup)
    return setup
