"""A game and the seats of the players sharing the host's phone, made in one request.

A table that sets up on one phone gets its whole table or nothing: a seat refused (a hero the
game does not know, more heroes than the boxes chosen seat) leaves no game, no seat and no event
behind, so the wizard never strands the table with a partly made game.
"""

from __future__ import annotations

import pytest

from deck_tracker.models import Game, GameAction, GameEvent, Seat
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def _nothing_stored() -> None:
    assert Game.objects.count() == 0
    assert Seat.objects.count() == 0
    assert GameEvent.objects.count() == 0
    assert GameAction.objects.count() == 0


def test_a_game_with_three_seats_is_made_at_once_with_a_token_for_each() -> None:
    response = client_for().post(
        "/api/v1/games/",
        {
            "system": "dotr",
            "host": {"name": "Ada", "hero": "dwarf"},
            "seats": [{"name": "Bea", "hero": "eagle-rider"}, {"name": "Cy", "hero": "sorceress"}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert [(s["id"], s["name"], s["is_host"]) for s in body["seats"]] == [
        ("1", "Ada", True),
        ("2", "Bea", False),
        ("3", "Cy", False),
    ]
    assert set(body["seat_tokens"]) == {"2", "3"}
    heroes = {seat: hero["hero"] for seat, hero in body["state"]["heroes"].items()}
    assert heroes == {"1": "dwarf", "2": "eagle-rider", "3": "sorceress"}
    # Each further seat reads the game with its own token, as that seat.
    for seat, token in body["seat_tokens"].items():
        seen = client_for(token).get(f"/api/v1/games/{body['id']}/")
        assert seen.status_code == 200 and seen.json()["seat"] == seat
    # The seats are joins, as if each player had joined: the stored setup is the host's.
    game = Game.objects.get(pk=body["id"])
    assert "seats" not in game.setup["request"]
    assert list(GameAction.objects.filter(game=game).values_list("type", flat=True)) == [
        "setup",
        "join",
        "join",
    ]


def test_a_creation_without_seats_is_answered_as_before() -> None:
    body = client_for().post("/api/v1/games/", {}, format="json").json()
    assert [s["id"] for s in body["seats"]] == ["1"] and body["seat_tokens"] == {}


def test_more_heroes_than_the_base_game_seats_creates_nothing() -> None:
    # The base game is for 1 to 4 heroes; a fifth needs the Dragon expansion.
    response = client_for().post(
        "/api/v1/games/",
        {
            "host": {"name": "Ada", "hero": "dwarf"},
            "seats": [
                {"name": "Bea", "hero": "eagle-rider"},
                {"name": "Cy", "hero": "sorceress"},
                {"name": "Dee", "hero": "paladin"},
                {"name": "Eve", "hero": "ranger"},
            ],
        },
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "too_many_heroes"
    _nothing_stored()


def test_an_unknown_hero_in_a_later_seat_creates_nothing() -> None:
    response = client_for().post(
        "/api/v1/games/",
        {
            "host": {"name": "Ada", "hero": "dwarf"},
            "seats": [
                {"name": "Bea", "hero": "eagle-rider"},
                {"name": "Cy", "hero": "necromancer"},
            ],
        },
        format="json",
    )
    assert response.status_code in (400, 409), response.json()
    assert response.json()["code"] == "unknown_hero"
    _nothing_stored()


def test_a_hero_taken_twice_creates_nothing() -> None:
    response = client_for().post(
        "/api/v1/games/",
        {"host": {"name": "Ada", "hero": "dwarf"}, "seats": [{"name": "Bea", "hero": "Dwarf"}]},
        format="json",
    )
    assert response.json()["code"] == "hero_taken"
    _nothing_stored()


def test_a_seat_without_a_name_is_refused_before_anything_is_made() -> None:
    response = client_for().post("/api/v1/games/", {"seats": [{"hero": "dwarf"}]}, format="json")
    assert response.status_code == 400
    assert "seats.0.name" in response.json()["fields"]
    _nothing_stored()


def test_the_served_schema_documents_the_seats_and_their_tokens() -> None:
    schema = client_for().get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]
    seats = components["SetupRequest"]["properties"]["seats"]
    assert seats["type"] == "array" and "seat_tokens" in seats["description"]
    assert seats["items"]["$ref"].endswith("/NewSeatRequest")
    assert set(components["NewSeatRequest"]["properties"]) == {"name", "hero", "player"}
    assert components["NewSeatRequest"]["required"] == ["name"]
    assert "seat_tokens" in components["CreatedGameOut"]["properties"]
