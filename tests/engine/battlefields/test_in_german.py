"""Battlefields read in German: a turn's events, rendered for a German reader."""

from __future__ import annotations

from deck_tracker.engine.views import view_event

from . import war


def test_gathering_troops_reads_in_german_and_in_english() -> None:
    """'Action C: discard up to 3 cards, drawn at the end of the turn.'"""
    game = war()
    before = len(game.events)
    game.execute("gather_troops", {"count": 2})
    record = game.events[before].as_record() | {"seq": before}
    english = view_event(record, None, "en")
    german = view_event(record, None, "de")
    assert english["summary"].endswith("discards 2 to gather troops.")
    assert german["summary"].endswith("legt 2 ab, um Truppen zu sammeln.")
    assert german["summary"] != english["summary"]
