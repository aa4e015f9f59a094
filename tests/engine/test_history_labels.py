"""The undo history's labels: each entry keeps the summary of its action's first event as that
summary's message, read in the reader's language when the history is shown; an entry stored
with its label in English (a game saved before labels were messages) reads as stored."""

from __future__ import annotations

from typing import Any

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.i18n import is_message, render_text
from deck_tracker.engine.views import history_entry_in, view_state

SETUP: dict[str, Any] = {"host": {"name": "Ada", "hero": "wizard"}}


def a_night() -> GameLog:
    game = GameLog.start(SETUP, seed="history-labels")
    game.execute("night", {"skip_evening": True})
    return game


def test_an_entry_keeps_its_label_as_the_first_events_message() -> None:
    game = GameLog.start(SETUP, seed="history-labels")
    first = game.execute("night", {"skip_evening": True}).events[0]
    entry = game.state["history"]["done"][-1]
    assert is_message(entry["label"])
    assert entry["label"] == first.summary_msg
    assert render_text(entry["label"]) == first.summary


def test_a_german_reader_reads_the_undo_label_in_german() -> None:
    game = a_night()
    entry = game.state["history"]["done"][-1]
    english = view_state(game.state, "1", "en")["history"]
    german = view_state(game.state, "1", "de")["history"]
    assert english["undo"]["label"] == render_text(entry["label"], "en")
    assert german["undo"]["label"] == render_text(entry["label"], "de")
    assert german["undo"]["label"] != english["undo"]["label"]
    assert "Ada" in german["undo"]["label"]
    assert german["recent"][-1] == german["undo"]
    assert isinstance(german["undo"]["label"], str)
    # Reading it changes nothing stored.
    assert game.state["history"]["done"][-1] is entry and is_message(entry["label"])


def test_an_entry_stored_in_english_reads_as_stored() -> None:
    old = {"version": 3, "type": "night", "actor": "1", "label": "Ada skips the evening."}
    assert history_entry_in(old, "de") is old
    assert history_entry_in(old, "en") is old
    game = a_night()
    game.state["history"]["done"][-1] = old
    assert view_state(game.state, "1", "de")["history"]["undo"]["label"] == old["label"]


def test_undo_and_redo_name_the_action_in_english_data_and_undo_an_old_entry() -> None:
    game = a_night()
    label = render_text(game.state["history"]["done"][-1]["label"])
    undone = game.execute("undo")
    assert undone.events[-1].data["label"] == label
    assert undone.events[-1].summary.endswith(label)
    redone = game.execute("redo")
    assert redone.events[-1].data["label"] == label
    # A history stored before labels were messages: its English is the label read.
    game.state["history"]["done"][-1] = {**game.state["history"]["done"][-1], "label": "Old."}
    game.labels.clear()
    again = game.execute("undo")
    assert again.events[-1].data["label"] == "Old."
    assert again.events[-1].summary.endswith("Old.")
