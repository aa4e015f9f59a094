"""A German phone reads every refusal and every reason an action is unavailable in German, in
each game system: the answer's shape is the same (``detail`` in the reader's language, ``code``
stable), whether the phone asks by ``Accept-Language`` or by ``?lang=de``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import Table, client_for

pytestmark = pytest.mark.django_db

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
# Words that give English away in a sentence (a German sentence never holds them as words).
ENGLISH = re.compile(r"\b(the|must|only|first|your|cannot|already|with|is|are|has|no)\b")

SETUPS = {
    "dotr": {"expansions": ["dragon", "companions_catacombs", "heros_calling"]},
    "battlefields": {"system": "battlefields", "host": {"name": "Ada"}},
    "talisman-dragon": {"system": "talisman-dragon", "host": {"name": "Ann", "hero": "Conjurer"}},
    "generic": {"system": "generic", "host": {"name": "Ada"}, "decks": {"test": {"cards": ["a"]}}},
}


def post(
    client: Any, game_id: str, type: str, args: dict[str, Any], query: str = "", **h: str
) -> Any:
    version = client.get(f"/api/v1/games/{game_id}/").json()["version"]
    return client.post(
        f"/api/v1/games/{game_id}/actions/{query}",
        {"type": type, "args": args, "expected_version": version},
        format="json",
        **h,
    )


@pytest.mark.parametrize("system", sorted(SETUPS))
def test_every_reason_an_action_waits_reads_in_german(system: str) -> None:
    created = client_for().post("/api/v1/games/", SETUPS[system], format="json")
    assert created.status_code == 201, created.content
    game = created.json()
    seat = client_for(game["token"])
    listed = seat.get(f"/api/v1/games/{game['id']}/actions/", **GERMAN).json()["actions"]
    reasons = {a["type"]: a["reason"] for a in listed if not a["available"]}
    assert reasons, "a new game has actions that wait"
    english = {name: why for name, why in reasons.items() if ENGLISH.search(why)}
    assert english == {}
    # Each refused in German too, with its stable code.
    name = sorted(reasons)[0]
    refused = post(seat, game["id"], name, {}, **GERMAN)
    assert refused.status_code in (400, 409), refused.content
    assert not ENGLISH.search(refused.json()["detail"])


def test_closing_a_game_that_has_not_ended_is_refused_in_german(table: Table) -> None:
    """Seen on a German phone: "Only a game that has ended can be closed."."""
    german = post(table.host, table.game_id, "close_game", {}, **GERMAN)
    english = post(table.host, table.game_id, "close_game", {})
    by_address = post(table.host, table.game_id, "close_game", {}, query="?lang=de")
    assert german.status_code == english.status_code == by_address.status_code == 400
    assert german.json()["code"] == english.json()["code"] == by_address.json()["code"]
    assert english.json()["detail"] == "Only a game that has ended can be closed."
    assert german.json()["detail"] == "Nur ein beendetes Spiel kann abgeschlossen werden."
    assert by_address.json()["detail"] == german.json()["detail"]


def test_an_arguments_problems_read_in_german(table: Table) -> None:
    args = {"deck": "test", "count": "three", "oops": 1}
    german = post(table.host, table.game_id, "draw", args, **GERMAN).json()
    english = post(table.host, table.game_id, "draw", args).json()
    assert german["code"] == english["code"] == "invalid_arguments"
    assert english["fields"] == {"count": ["Must be an integer."], "oops": ["Unknown argument."]}
    assert german["fields"] == {
        "count": ["Muss eine ganze Zahl sein."],
        "oops": ["Unbekanntes Argument."],
    }


@pytest.mark.parametrize("action", ["advance_game", "claim_seat"])  # the engine's, the server's
def test_an_unknown_action_is_refused_in_german(table: Table, action: str) -> None:
    german = post(table.host, table.game_id, action, {}, **GERMAN).json()
    assert german["code"] == "unknown_action"
    assert german["detail"] == f"Unbekannte Aktion '{action}'."
