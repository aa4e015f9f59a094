"""Tests of the Dragon expansion's scenarios (DX "Scenarios"), each against the rulebook's text.

The dragons' numbers and cards are not published: the games keep the overlay the Dragon
expansion's tests use (``tests/engine/dotr/dragon``), as a table would have entered it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.decks import all_cards
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.packs import game_cards
from tests.helpers import ENTERED, read_all

HEROES = ("Wizard", "Rogue", "Cleric", "Paladin", "Dwarf", "Ranger")
DS, HERO, QUEST = "darkness_spreads", "hero", "quest"


def start(scenario: str, *, players: int = 1, seed: str = "scenario", **setup: Any) -> GameLog:
    """A game of ``scenario`` with ``players`` heroes (seat 1 hosts)."""
    request: dict[str, Any] = {
        "host": {"name": "P1", "hero": HEROES[0]},
        "scenario": scenario,
        "overlays": {"dotr-dragon": ENTERED},
        **setup,
    }
    game = GameLog.start(request, seed=seed)
    read_all(game)  # the dragons' cards not entered, read at the table
    for number in range(2, players + 1):
        game.execute("join", {"name": f"P{number}", "hero": HEROES[number - 1]}, actor=None)
    return game


def kinds(state: State, deck: str, pile: str) -> Counter[str]:
    cards = game_cards(state)
    return Counter(cards[c].kind for c in state["decks"][deck][pile])


def in_play(state: State, deck: str) -> list[str]:
    """The cards of a deck not in the box."""
    d = state["decks"][deck]
    return [c for c in all_cards(d) if c not in d["box"]]


def hand_kinds(state: State, seat: str) -> Counter[str]:
    cards = game_cards(state)
    return Counter(cards[c].kind for c in state["decks"][HERO]["hands"][seat])


def fires(state: State) -> list[str]:
    return sorted(loc for loc, space in state["board"].items() if space.get("fire"))


def steps_of(game: GameLog, event_type: str) -> list[dict[str, str]]:
    return [step for e in game.events if e.type == event_type for step in e.steps]
