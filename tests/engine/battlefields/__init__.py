"""A Battlefields war in memory, set up and taught for each test through its own commands."""

from __future__ import annotations

from typing import Any

import pytest

import deck_tracker.engine.rules  # noqa: F401  (registers every game system)
from deck_tracker.engine.errors import EngineError
from deck_tracker.engine.game import GameLog

PLAIN = {"reward_count": 1}


def war(
    objectives: tuple[str, str] = ("red-1", "blue-1"),
    third: str = "green-1",
    tiles: dict[str, dict[str, Any]] | None = None,
    **options: Any,
) -> GameLog:
    """A war whose battlefields are ``objectives`` and ``third``, each taught as ``tiles`` says."""
    game = GameLog.start({"system": "battlefields", "options": options})
    game.execute("choose_objective", {"tile": objectives[0]})
    game.execute("choose_objective", {"tile": objectives[1]})
    if (game.state["pending"] or {}).get("kind") == "draw":
        game.execute("draw_battlefields", {"tiles": [third]})
    for tile_id in game.state["field_order"]:
        rules = {**PLAIN, **(tiles or {}).get(tile_id, {})}
        game.execute("teach_tile", {"tile": tile_id, "title": f"Field {tile_id}", **rules})
    return game


def card(
    name: str, number: int | None, colour: str = "red", swords: int = 1, **more: Any
) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "colour": colour, "swords": swords, **more}
    if number is not None:
        out["number"] = number
    return out


def play(game: GameLog, battlefield: str, played: dict[str, Any], *, end: bool = True) -> None:
    """The active player plays a card (no attack) and, with ``end``, ends the turn."""
    game.execute("play_card", {"battlefield": battlefield, **played})
    if end:
        game.execute("finish_turn", {})


def refused(game: GameLog, name: str, args: dict[str, Any], code: str) -> str:
    before = game.state.__repr__()
    with pytest.raises(EngineError) as caught:
        game.execute(name, args)
    assert caught.value.code == code, caught.value.detail
    assert game.state.__repr__() == before  # nothing changed
    return caught.value.detail
