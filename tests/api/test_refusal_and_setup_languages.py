"""The server's words in the request's language (Accept-Language): refusals and the setup
screen, in German and in English, the English unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import Table

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def draw_too_many(table: Table, **language: str) -> dict[str, Any]:
    response = table.act(table.host, "draw", {"deck": "test", "count": 30}, **language)
    assert response.status_code == 400, response.content
    return dict(response.json())


def test_a_refusal_reads_in_the_language_the_phone_asks_for(table: Table) -> None:
    german = draw_too_many(table, **GERMAN)
    english = draw_too_many(table, **ENGLISH)
    assert german["code"] == english["code"] == "not_enough_cards"
    assert english["detail"] == "The Test deck has only 20 cards to draw; 30 asked."
    assert german["detail"] == "Der Stapel Test hat nur 20 Karten zum Ziehen; verlangt: 30."
    # No language asked: English, as before.
    assert draw_too_many(table)["detail"] == english["detail"]


def test_invalid_arguments_name_their_problems_in_german(table: Table) -> None:
    response = table.act(table.host, "draw", {"deck": "test", "count": 1, "oops": 1}, **GERMAN)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_arguments"
    assert body["detail"] == "Ungültige Argumente: oops."
    english = table.act(table.host, "draw", {"deck": "test", "count": 1, "oops": 1}).json()
    assert english["detail"] == "Invalid arguments: oops."


def test_setup_options_read_in_german() -> None:
    german = APIClient().get("/api/v1/setup-options/?expansions=dragon", **GERMAN)
    english = APIClient().get("/api/v1/setup-options/?expansions=dragon", **ENGLISH)
    assert german.status_code == english.status_code == 200
    by_name = {o["name"]: o for o in german.json()["options"]}
    in_english = {o["name"]: o for o in english.json()["options"]}
    assert in_english["sterling"]["title"] == "Sterling, the Silver Dragon"
    assert by_name["sterling"]["title"] == "Sterling, der Silberdrache"
    assert [c["label"] for c in by_name["sterling"]["choices"]] == ["Ohne Sterling", "Mit Sterling"]
    assert by_name["all_is_quiet"]["group"] == "Die Dunkelheit breitet sich aus"
    # Values and the record for the curious do not change with the language.
    assert by_name["sterling"]["allowed"] == in_english["sterling"]["allowed"]
    assert by_name["sterling"]["source"] == in_english["sterling"]["source"]


def test_the_games_offered_read_in_german() -> None:
    german = {g["id"]: g for g in APIClient().get("/api/v1/scenarios/", **GERMAN).json()}
    english = {g["id"]: g for g in APIClient().get("/api/v1/scenarios/").json()}
    assert english["scenario-onslaught"]["name"] == "Scenario 3: Onslaught!"
    assert german["scenario-onslaught"]["name"] == "Szenario 3: Ansturm!"
    assert german["scenario-onslaught"]["scenario"]["story"].startswith("Die Berichte können ")
    assert german["standard"]["name"] == "Defenders of the Realm: das Standardspiel"
    rules = german["scenario-the-land-is-dying"]["scenario"]["rules"]
    assert rules[0]["rule"] == "DX Szenario 4, Sonderregeln"
