"""Talisman: The Dragon read in German: a dragon token drawn, rendered for a German reader."""

from __future__ import annotations

from deck_tracker.engine.views import view_event

from .conftest import table


def test_a_dragon_slumber_reads_in_german_and_in_english() -> None:
    """'Dragon Slumber: place 1 sleep token on 1 Dragon of your choice (p6).'"""
    game = table("Warrior", "Wizard")
    before = len(game.events)
    game.execute("draw_dragon_token", {"token": "slumber"})
    records = [e.as_record() | {"seq": n} for n, e in enumerate(game.events) if n >= before]
    english = [s for r in records for s in view_event(r, None, "en")["steps"]]
    german = [s for r in records for s in view_event(r, None, "de")["steps"]]
    assert "Place a sleep token on a Dragon of your choice." in [s["text"] for s in english]
    assert "Lege einen Schlafmarker auf einen Drachen deiner Wahl." in [s["text"] for s in german]
    assert "Drachenschlummer: lege 1 Schlafmarker auf 1 Drachen deiner Wahl (S. 6)" in [
        s["rule"] for s in german
    ]
    # The token's name is read in German too.
    assert "Zeige den Marker: Drachenschlummer." in [s["text"] for s in german]
    assert "Show the token: Dragon Slumber." in [s["text"] for s in english]
