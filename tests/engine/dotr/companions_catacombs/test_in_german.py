"""Companions & Catacombs read in German: the same event, rendered for a German reader."""

from __future__ import annotations

from deck_tracker.engine.views import view_event
from tests.helpers import act, at, stack

from . import cc_game, put


def test_warlords_placed_by_an_event_read_in_german_and_in_english() -> None:
    """'IN THE EARLY WAR: Add a Warlord to any location that has 3 Minions.'"""
    game = cc_game()
    put(game, "thorny-woods", orcs=3)
    at(game, "chimera-inn")
    stack(game, "companion", "event-warlords")
    act(game, "recruit", {"count": 1})
    record = next(
        e.as_record() | {"seq": n} for n, e in enumerate(game.events) if e.type == "companion_event"
    )
    english = [step["text"] for step in view_event(record, None, "en")["steps"]]
    german = [step["text"] for step in view_event(record, None, "de")["steps"]]
    assert "Place a Warlord on Thorny Woods: its Minions are hit on 1 more." in english
    placed = english.index("Place a Warlord on Thorny Woods: its Minions are hit on 1 more.")
    assert german[placed].startswith("Lege einen Kriegsherrn auf ")
    assert german[placed].endswith(": seine Schergen werden erst mit 1 mehr getroffen.")
    rules = [step["rule"] for step in view_event(record, None, "de")["steps"]]
    early = "CC Kriegsherr, Früher Krieg: lege einen Kriegsherrn auf jeden Ort mit 3 Schergen"
    assert early in rules
    # What the record keeps for readers that know no messages: the English.
    assert any(
        step["text"] == "Place a Warlord on Thorny Woods: its Minions are hit on 1 more."
        for step in record["steps"]
    )
