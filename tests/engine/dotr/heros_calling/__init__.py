"""Tests of The Hero's Calling (HC = shared/rules/dotr-heros-calling.txt)."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.game import GameLog


def hc_game(*extra: str, **options: Any) -> GameLog:
    setup = {"host": {"name": "Ada", "hero": "Aria"}, "expansions": ["heros_calling", *extra],
             "options": options}  # fmt: skip
    return GameLog.start(setup, seed="hc")
