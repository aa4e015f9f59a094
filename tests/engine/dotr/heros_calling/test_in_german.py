"""The Hero's Calling read in German: its setup steps, rendered for a German reader."""

from __future__ import annotations

from deck_tracker.engine.game import GameLog
from deck_tracker.engine.views import view_event


def test_the_hero_s_calling_setup_reads_in_german_and_in_english() -> None:
    """HC Setup: 'deal 3 Hero cards, instead of 2, to each player'."""
    game = GameLog.start({"host": {"name": "Ada", "hero": "Aria"}, "expansions": ["heros_calling"]})
    records = [e.as_record() | {"seq": n} for n, e in enumerate(game.events)]
    english = [s["text"] for r in records for s in view_event(r, None, "en")["steps"]]
    german = [s["text"] for r in records for s in view_event(r, None, "de")["steps"]]
    deal = "Deal each player 3 Hero Cards; give each a Player Reference and a Cover card."
    assert deal in english
    assert german[english.index(deal)] == (
        "Gib allen Spielenden je 3 Heldenkarten, eine Spielerübersicht und eine Abdeckkarte."
    )
    rules = [s["rule"] for r in records for s in view_event(r, None, "de")["steps"]]
    assert "HC Aufbau: gib allen Spielenden 3 statt 2 Heldenkarten" in rules
