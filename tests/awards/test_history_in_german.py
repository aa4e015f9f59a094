"""A finished game in the award tracker, read on a German phone: why the game ended reads in the
reader's language when the engine said it (the Realm fallen), as the table typed it otherwise;
the heroes and the reward cards of the row by their German names."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.awards import services
from deck_tracker.awards.models import GameRecord
from deck_tracker.models import Game
from tests.api.test_outcome_in_german import the_realm_falls
from tests.english import english_in, english_sentences

from .conftest import Personas, act

pytestmark = pytest.mark.django_db


def rows(personas: Personas, language: str) -> list[dict[str, Any]]:
    response = personas.alice.client.get(
        f"/api/v1/history/?group={personas.group}&player={personas.ada}",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200, response.content
    return list(response.json()["records"])


def player(personas: Personas, language: str) -> dict[str, Any]:
    response = personas.alice.client.get(
        f"/api/v1/history/?group={personas.group}&player={personas.ada}",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 200, response.content
    return dict(response.json()["player"])


def lost_to_the_realm(personas: Personas) -> str:
    """Ada (Wizard) and Bea (Rogue) play; a fifth minion reaches Monarch City: "If 5 enemy
    minions are in Monarch City at any time" the heroes lose, as the rules end the game."""
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"),
        guests=[(personas.bob, personas.bea, "Bea", "Rogue")],
    )
    row = Game.objects.get(pk=game["id"])
    row.state["outcome"] = the_realm_falls()
    row.save(update_fields=["state"])
    services.player_stats_recompute(player_ids=services.game_record_sync(game_id=game["id"]))
    return str(game["id"])


def test_the_realm_fallen_reads_in_german_in_the_award_tracker(personas: Personas) -> None:
    lost_to_the_realm(personas)
    (english,) = rows(personas, "en")
    (german,) = rows(personas, "de")
    assert english["result"] == german["result"] == "L"
    assert "Monarch City" in english["reason"]
    assert german["reason"] and german["reason"] != english["reason"]
    assert {h["hero_name"] for h in german["heroes"]} == {"Zauberer", "Schurke"}
    assert english_in(german, english_sentences()) == []
    # The record keeps the English it was given, and the message to read it in another language.
    record = GameRecord.objects.get()
    assert record.reason == english["reason"]
    assert record.reason_msg is not None
    stats = player(personas, "de")["stats"]
    assert stats["by_hero"]["wizard"]["name"] == "Zauberer"


def test_a_reason_the_table_typed_stays_as_typed_in_german(personas: Personas) -> None:
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"))
    act(game["seats"]["1"], game["id"], "end_game", {"result": "lost", "reason": "Taint."})
    services.game_record_sync(game_id=game["id"])
    (german,) = rows(personas, "de")
    assert german["reason"] == "Taint."
    assert GameRecord.objects.get().reason_msg is None


def test_an_older_record_without_a_message_is_shown_as_stored(personas: Personas) -> None:
    lost_to_the_realm(personas)
    GameRecord.objects.update(reason="Monarch City fell.", reason_msg=None)
    (german,) = rows(personas, "de")
    assert german["reason"] == "Monarch City fell."
