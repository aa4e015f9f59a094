"""Tests of the Dragon expansion's rules (DX = shared/rules/dotr-dragon-expansion.txt).

The dragons' numbers and cards are not published: :data:`ENTERED` is what a table would enter
through the content overlay (invented values, marked as such), kept by the game at setup as the
service does (``setup["overlays"]``).
"""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.core import State
from deck_tracker.engine.game import GameLog
from tests.helpers import ENTERED, clear_board

DS = "darkness_spreads"


def dragon_table(
    generals: Any = None,
    *,
    hero: str | None = "wizard",
    seed: str = "dragon-test",
    entered: dict[str, Any] | None = None,
    table_decks: list[str] | None = None,
    **options: Any,
) -> GameLog:
    """A game with the Dragon expansion (host in seat 1 playing ``hero``).

    Only the dragons' entered Darkness Spreads cards are shuffled in (no card to read at the
    table) unless the test chooses ``dragon_darkness_spreads`` (a setting only a dragon General
    in play uses: with the base Generals it is left out)."""
    dragons = {"onyx", "hemlock", "brimstone", "high-dragon-sapphire", "random"}
    chosen = set(generals.values()) if isinstance(generals, dict) else {generals}
    if chosen & dragons:
        options.setdefault("dragon_darkness_spreads", "entered_only")
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


def empty(log: GameLog) -> State:
    clear_board(log.state)
    return log.state


def steps(log: GameLog, event_type: str) -> list[str]:
    return [step["rule"] for e in log.events if e.type == event_type for step in e.steps]
