"""The undo history of a long game: each command puts its entry on a new list (a stored list is
never changed in place), trimmed in batches as before (the entries kept recorded as copies made
in C, ``Context.set_copied``); undo and redo read it as they always did."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from deck_tracker.engine.commands import UNDO_DEPTH, UNDO_TRIM
from deck_tracker.engine.core import Context
from deck_tracker.engine.game import GameLog

SETUP = {"host": {"name": "Ada", "hero": "wizard"}}


def _long_game() -> GameLog:
    game = GameLog.start(SETUP, seed="long-history")
    for _ in range(UNDO_DEPTH + UNDO_TRIM + 20):
        game.execute("shuffle", {"deck": "darkness_spreads"}, actor="1")
    for _ in range(3):
        game.execute("undo", {}, actor="1")
    game.execute("redo", {}, actor="1")
    game.execute("shuffle", {"deck": "darkness_spreads"}, actor="1")
    return game


def _digest(game: GameLog) -> str:
    records: list[Any] = [event.as_record() for event in game.events]
    text = json.dumps({"events": records, "state": game.state}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def test_a_long_history_is_written_and_undone_as_put_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _long_game()
    done = game.state["history"]["done"]
    assert UNDO_DEPTH <= len(done) < UNDO_DEPTH + UNDO_TRIM
    versions = [entry["version"] for entry in done]
    assert versions == sorted(set(versions))  # one entry per command, oldest first
    assert game.replay() == game.state  # the stored changes rebuild the history
    copied_in_c = _digest(game)

    def set_snapshot(self: Context, *path_value_and_copy: Any) -> None:
        self.set(*path_value_and_copy[:-1])

    monkeypatch.setattr(Context, "set_copied", set_snapshot)
    assert _digest(_long_game()) == copied_in_c


def test_a_command_leaves_a_history_held_from_before_as_it_was() -> None:
    """The history list of the state before a command is not the one the command writes to:
    whatever still holds it (a rebase, an undo entry, a cache) reads it unchanged."""
    game = GameLog.start(SETUP, seed="long-history")
    game.execute("shuffle", {"deck": "darkness_spreads"}, actor="1")
    held = game.state["history"]["done"]
    before = json.loads(json.dumps(held))
    game.execute("shuffle", {"deck": "darkness_spreads"}, actor="1")
    assert held == before
    assert len(game.state["history"]["done"]) == len(before) + 1


def test_a_failed_command_leaves_the_history_as_it_was() -> None:
    game = GameLog.start(SETUP, seed="long-history")
    game.execute("shuffle", {"deck": "darkness_spreads"}, actor="1")
    before = json.loads(json.dumps(game.state))
    context = Context(game.state, rng=random.Random(1), actor="1")
    context.put("history", "done", [{"version": 99}])
    context.rollback()
    assert game.state == before
