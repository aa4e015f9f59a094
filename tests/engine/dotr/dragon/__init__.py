"""Tests of the Dragon expansion's rules (DX = shared/rules/dotr-dragon-expansion.txt).

The dragons' numbers and cards are not published: :data:`ENTERED` is what a table would enter
through the content overlay (invented values, marked as such), kept by the game at setup as the
service does (``setup["overlays"]``).
"""

from __future__ import annotations

import random
from typing import Any

from deck_tracker.engine import rules as _rules  # noqa: F401  (registers dotr)
from deck_tracker.engine.core import Context, State
from deck_tracker.engine.game import GameLog
from deck_tracker.engine.rules.dotr.base.board import Realm

from .. import clear_board

DS = "darkness_spreads"


def _flight(card_id: str, name: str, lands: str, placements: list[tuple[str, str, int]]) -> dict:
    return {
        "id": card_id,
        "name": name,
        "kind": "standard",
        "data": {
            "placements": [
                {"location": where, "colour": colour, "count": count}
                for where, colour, count in placements
            ],
            "general": "brimstone",
            "general_to": lands,
            "general_minions": 0,
        },
    }


# What a table might have entered (the numbers are invented for the tests).
ENTERED: dict[str, Any] = {
    "values": {
        **{f"generals/{g}/life": 6 for g in ("brimstone", "onyx", "hemlock")},
        "generals/high-dragon-sapphire/life": 5,
        **{
            f"generals/{g}/starting_minions": 3
            for g in ("brimstone", "onyx", "hemlock", "high-dragon-sapphire")
        },
        "decks/darkness_spreads/dx-sterling-1/data.location": "wolf-pass",
        "decks/darkness_spreads/dx-sterling-2/data.location": "serpent-swamp",
    },
    "cards": {
        "darkness_spreads": [
            _flight(
                "dx-brimstone-wolf-pass", "Wolf Pass", "wolf-pass", [("blood-flats", "blue", 1)]
            ),
            _flight(
                "dx-brimstone-mermaid-harbor",
                "Mermaid Harbor",
                "mermaid-harbor",
                [("bounty-bay", "black", 1)],
            ),
            _flight(
                "dx-brimstone-crystal-hills",
                "Crystal Hills",
                "crystal-hills",
                [("withered-hills", "red", 2)],
            ),
        ]
    },
}


def dragon_table(
    generals: Any = None,
    *,
    hero: str | None = "wizard",
    seed: str = "dragon-test",
    entered: dict[str, Any] | None = None,
    table_decks: list[str] | None = None,
    **options: Any,
) -> GameLog:
    """A game with the Dragon expansion (host in seat 1 playing ``hero``)."""
    setup: dict[str, Any] = {
        "host": {"name": "Ada", "hero": hero},
        "expansions": ["dragon"],
        "options": options,
        "overlays": {"dotr-dragon": ENTERED if entered is None else entered},
    }
    if generals is not None:
        setup["generals"] = generals
    if table_decks:
        setup["table_decks"] = table_decks
    return GameLog.start(setup, seed=seed)


def realm(state: State) -> Realm:
    return Realm(Context(state, rng=random.Random(0), actor=None))


def empty(log: GameLog) -> State:
    clear_board(log.state)
    return log.state


def give(state: State, seat: str, *cards: str) -> None:
    """Move Hero Cards into a seat's hand (from wherever they are), for a test position."""
    deck = state["decks"]["hero"]
    for pile in ("draw", "discard", "box", "table"):
        deck[pile] = [c for c in deck[pile] if c not in cards]
    for other, hand in deck["hands"].items():
        deck["hands"][other] = [c for c in hand if c not in cards]
    deck["hands"][seat] = [*deck["hands"].get(seat, []), *cards]


def stand(state: State, seat: str, location: str) -> None:
    state["heroes"][seat]["location"] = location


def steps(log: GameLog, event_type: str) -> list[str]:
    return [step["rule"] for e in log.events if e.type == event_type for step in e.steps]
