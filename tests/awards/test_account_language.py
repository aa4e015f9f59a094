"""An account's chosen language follows its player to every table: Alice reads German.

Alice (playing Ada) hosts; Bob (playing Bea) joins. Alice chose German for her account; Bob chose
nothing, so his phone's own language counts.
"""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from .conftest import Personas


def night_summary(seat: APIClient, game_id: str, **headers: str) -> str:
    response = seat.get(f"/api/v1/games/{game_id}/events/", **headers)
    assert response.status_code == 200, response.content
    return next(e["summary"] for e in response.json()["events"] if e["type"] == "night_began")


def test_an_account_s_language_is_read_at_its_player_s_seat(personas: Personas) -> None:
    chosen = personas.alice.client.patch("/api/v1/accounts/me/", {"language": "de"}, format="json")
    assert chosen.status_code == 200, chosen.content
    assert chosen.json()["language"] == "de"
    assert personas.alice.client.get("/api/v1/accounts/me/").json()["language"] == "de"
    game = personas.play(
        host=(personas.alice, personas.ada, "Wizard"),
        guests=[(personas.bob, personas.bea, "Bea", "Rogue")],
    )
    alice, bob = game["seats"]["1"], game["seats"]["2"]
    version = alice.get(f"/api/v1/games/{game['id']}/").json()["version"]
    alice.post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": "end_turn", "args": {}, "expected_version": version},
        format="json",
    )
    ran = bob.post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": "night", "args": {"seat": "1", "round": 1}, "expected_version": version + 1},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert ran.status_code == 200, ran.content

    # Alice's phone says English; her account says German.
    assert night_summary(alice, game["id"], HTTP_ACCEPT_LANGUAGE="en").startswith("Nacht nach ")
    # Bob's account chose nothing: his phone decides.
    assert night_summary(bob, game["id"], HTTP_ACCEPT_LANGUAGE="en").startswith("Night after ")
    assert night_summary(bob, game["id"], HTTP_ACCEPT_LANGUAGE="de").startswith("Nacht nach ")

    # A seat's own choice comes before its account's.
    alice.patch(f"/api/v1/games/{game['id']}/seat/language/", {"language": "en"}, format="json")
    assert night_summary(alice, game["id"]).startswith("Night after ")


def test_the_account_s_language_speaks_the_tracker_s_refusals(personas: Personas) -> None:
    personas.charlie.client.patch("/api/v1/accounts/me/", {"language": "de"}, format="json")
    refused = personas.charlie.client.post(
        "/api/v1/groups/", {"name": ""}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Einige Felder sind ungültig."


def test_an_account_cannot_choose_a_language_the_app_does_not_speak(personas: Personas) -> None:
    refused = personas.bob.client.patch("/api/v1/accounts/me/", {"language": "xx"}, format="json")
    assert refused.status_code == 400
    assert personas.bob.client.get("/api/v1/accounts/me/").json()["language"] == ""


def test_the_seat_and_its_account_s_language_are_one_read(personas: Personas) -> None:
    """Every request of a seat finds the seat by its token and its player's account's language
    together: one query, not a second one for the language (a Raspberry Pi at the table pays
    for each)."""
    personas.alice.client.patch("/api/v1/accounts/me/", {"language": "de"}, format="json")
    game = personas.play(host=(personas.alice, personas.ada, "Wizard"), guests=[])
    alice = game["seats"]["1"]
    with CaptureQueriesContext(connection) as queries:
        answer = alice.get(f"/api/v1/games/{game['id']}/events/", HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 200, answer.content
    read = [q["sql"] for q in queries.captured_queries]  # the next request clears the log
    # Her phone says English; her account says German, and German is what she reads.
    url = f"/api/v1/games/{game['id']}/events/"
    summaries = [e["summary"] for e in answer.json()["events"]]
    in_german = [e["summary"] for e in alice.get(url + "?lang=de").json()["events"]]
    in_english = [e["summary"] for e in alice.get(url + "?lang=en").json()["events"]]
    assert summaries == in_german != in_english
    preferences = [sql for sql in read if "accountpreference" in sql.lower()]
    assert len(preferences) == 1, preferences
    assert "token_hash" in preferences[0], "the language is read with the seat"
