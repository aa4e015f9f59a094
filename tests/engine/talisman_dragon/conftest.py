"""A Talisman: The Dragon table in memory, driven through the engine's commands."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.commands import Outcome
from deck_tracker.engine.core import State
from deck_tracker.engine.game import GameLog

# The phone a command comes from when a test names none: the seat whose turn it is.
TURN = "turn"


class SeatedTable(GameLog):
    """A table where each seat takes its own turn: a command comes from the phone of the seat
    whose turn it is, unless the test names another ``actor``."""

    def execute(self, name: str, args: Any = None, *, actor: str | None = TURN) -> Outcome:
        if actor == TURN:
            actor = whose_turn(self.state)
        return super().execute(name, args, actor=actor)


def whose_turn(state: State) -> str | None:
    seat: str | None = (state.get("turn") or {}).get("seat")
    return seat


def table(*characters: str, options: dict[str, Any] | None = None) -> SeatedTable:
    """One seat per character, in order; seat 1 has the first turn."""
    first, *others = characters
    game = SeatedTable.start(
        {
            "system": "talisman-dragon",
            "host": {"name": "Player 1", "hero": first},
            "options": options or {},
        }
    )
    for number, name in enumerate(others, start=2):
        game.execute("join", {"name": f"Player {number}", "hero": name}, actor=None)
    return game


def seat_of(game: GameLog, character: str) -> str:
    return next(s for s, info in game.state["characters"].items() if info["name"] == character)


def turn_of(game: GameLog, character: str) -> str:
    """Pass turns (each drawing a harmless Dragon Slumber) until it is ``character``'s."""
    seat = seat_of(game, character)
    while game.state["turn"]["seat"] != seat:
        if game.state["turn"]["tokens_owed"]:
            game.execute("draw_dragon_token", {"token": "slumber"})
        game.execute("next_turn")
    return seat


def scales_on(game: GameLog, lord: str, count: int, *, by: str) -> None:
    """``by`` draws ``count`` scales of ``lord`` on successive turns (a table-held bag)."""
    for _ in range(count):
        turn_of(game, by)
        if not game.state["turn"]["tokens_owed"]:
            game.execute("next_turn")
            turn_of(game, by)
        game.execute("draw_dragon_token", {"token": lord})


def moved(game: GameLog, character: str, space: str, encounter: str = "space") -> Any:
    turn_of(game, character)
    return game.execute("move", {"space": space, "encounter": encounter})


def steps(outcome: Any) -> list[dict[str, str]]:
    return [step for event in outcome.events for step in event.steps]
