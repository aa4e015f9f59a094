"""Why a game ended, read in the reader's language: the engine's own ends (the Realm fallen, the
Generals defeated) and the table's declared end keep their words as messages; a reason the table
typed, and an outcome stored before messages, read as they were written."""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.engine.rules.dotr.base.board import GameOver
from deck_tracker.models import Game
from tests.conftest import Table, create_table
from tests.english import english_in, english_sentences
from tests.helpers import clear_board, put, realm, table

pytestmark = pytest.mark.django_db


def outcome(table: Table, language: str) -> dict[str, Any]:
    response = table.host.get(table.url(), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    return dict(response.json()["state"]["outcome"])


def events(table: Table, language: str) -> list[dict[str, Any]]:
    response = table.host.get(table.url("events/"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, response.content
    body = response.json()
    return list(body if isinstance(body, list) else body["events"])


def test_a_declared_end_keeps_the_tables_words_and_reads_the_apps_in_german() -> None:
    """end_game: "the table declares the game over"; its reason is the table's own words."""
    game = create_table({"system": "dotr", "host": {"name": "Ada", "hero": "wizard"}})
    ended = game.act(game.host, "end_game", {"result": "abandoned", "reason": "Wir müssen los"})
    assert ended.status_code == 200, ended.content
    german, english = outcome(game, "de"), outcome(game, "en")
    assert (german["reason"], german["rule"]) == ("Wir müssen los", "Vom Tisch erklärt")
    assert (english["reason"], english["rule"]) == ("Wir müssen los", "Declared by the table")
    said = events(game, "de")[-1]["summary"]
    assert said == "Ada (Zauberer) hat die Partie beendet (abgebrochen): Wir müssen los"
    assert english_in(german, english_sentences()) == []


def the_realm_falls() -> dict[str, Any]:
    """A fifth minion in Monarch City: "If 5 enemy minions are in Monarch City at any time"
    (the rulebook's defeat), as the rules set the outcome."""
    state = table().state
    clear_board(state)
    put(state, "monarch-city", orcs=2, undead=2)
    with pytest.raises(GameOver):
        realm(state).place("blue", 1, "monarch-city")
    return dict(state["outcome"])


def with_outcome(stored: dict[str, Any]) -> Table:
    game = create_table({"system": "dotr", "host": {"name": "Ada", "hero": "wizard"}})
    row = Game.objects.get(pk=game.game_id)
    row.state["outcome"] = stored
    row.save(update_fields=["state"])
    return game


def test_the_realm_fallen_reads_in_german_on_a_german_phone() -> None:
    game = with_outcome(the_realm_falls())
    german, english = outcome(game, "de"), outcome(game, "en")
    assert german["result"] == "lost"
    assert "Monarch City" in english["reason"] and german["reason"] != english["reason"]
    assert german["rule"] != english["rule"]
    assert (
        english_in({"reason": german["reason"], "rule": german["rule"]}, english_sentences()) == []
    )


def test_an_outcome_stored_in_english_before_messages_is_shown_as_stored() -> None:
    stored = {"result": "lost", "reason": "Monarch City fell.", "rule": "Loss (UBG)"}
    game = with_outcome(stored)
    german = outcome(game, "de")
    assert (german["reason"], german["rule"]) == ("Monarch City fell.", "Loss (UBG)")
