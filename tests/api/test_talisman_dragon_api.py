"""A Talisman: The Dragon table through the HTTP API: from setup to a crowned King and a
confrontation won, with undo and redo, as the host (seat 1), a seated player and an outsider."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import client_for

pytestmark = pytest.mark.django_db

SETUP = {
    "system": "talisman-dragon",
    "host": {"name": "Ann", "hero": "Conjurer"},
    "options": {"inner_region": "dragon-tower", "lord_lives": {"varthrax": 2}},
}


def create(setup: dict[str, Any]) -> dict[str, Any]:
    response = client_for().post("/api/v1/games/", setup, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def act(token: str, game_id: str, type: str, args: dict[str, Any] | None = None) -> Any:
    client = client_for(token)
    version = client.get(f"/api/v1/games/{game_id}/").json()["version"]
    return client.post(
        f"/api/v1/games/{game_id}/actions/",
        {"type": type, "args": args or {}, "expected_version": version},
        format="json",
    )


def ok(token: str, game_id: str, type: str, args: dict[str, Any] | None = None) -> dict:
    response = act(token, game_id, type, args)
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def table() -> dict[str, Any]:
    game = create(SETUP)
    joined = client_for().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Dragon Hunter"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    return {"id": game["id"], "host": game["token"], "player": joined.json()["token"], **game}


def test_the_scenarios_offer_talisman_the_dragon_with_its_settings():
    offered = {s["id"]: s for s in client_for().get("/api/v1/scenarios/").json()}
    talisman = offered["talisman-dragon"]
    assert talisman["system"] == "talisman-dragon"
    assert {o["name"] for o in talisman["options"]} >= {"inner_region", "token_draw"}
    created = create(talisman["setup"])
    assert created["state"]["system"] == "talisman-dragon"
    assert [lord["name"] for lord in created["state"]["lords_view"]] == [
        "Varthrax",
        "Cadorus",
        "Grilipus",
    ]
    assert created["state"]["decks"]["varthrax"]["draw_size"] == 56
    assert all(step["rule"] for event in created["events"] for step in event["steps"])


def test_a_game_from_setup_to_a_crowned_king_and_a_confrontation_won(table):
    game_id, host, player = table["id"], table["host"], table["player"]
    # Ann's Conjurer on the Chapel; Varthrax gathers three scales over three turns.
    ok(host, game_id, "move", {"space": "chapel"})
    ok(host, game_id, "draw_dragon_token", {"token": "varthrax"})
    ok(host, game_id, "next_turn")
    ok(player, game_id, "draw_dragon_token", {"token": "varthrax"})
    ok(player, game_id, "next_turn")
    crowned = ok(host, game_id, "draw_dragon_token", {"token": "varthrax"})
    assert crowned["state"]["king"] == "varthrax"
    assert crowned["state"]["king_name"] == "Varthrax"
    assert crowned["state"]["board_scales"] == {"chapel": "varthrax"}
    outer = crowned["state"]["board_scales_by_region"][0]
    assert outer["scales"][0]["space_name"] == "Chapel"
    assert [e["type"] for e in crowned["events"]][:3] == [
        "dragon_token_drawn",
        "scale_on_lord",
        "king_crowned",
    ]

    # Undo takes the crowning back; redo gives it again, the same.
    undone = ok(player, game_id, "undo")
    assert undone["state"]["king"] is None
    assert undone["state"]["lords"]["varthrax"]["scales"] == 2
    redone = ok(player, game_id, "redo")
    assert redone["state"]["king"] == "varthrax"
    assert redone["state"]["board_scales"] == {"chapel": "varthrax"}
    ok(host, game_id, "next_turn")

    # Bea's Dragon Hunter reaches the Portal and climbs the Tower to the Crown.
    ok(player, game_id, "draw_dragon_token", {"token": "slumber"})
    ok(player, game_id, "move", {"space": "portal-of-power"})
    ok(player, game_id, "enter_inner_region")
    ok(player, game_id, "tower_draw")
    moved = ok(player, game_id, "tower_result", {"killed": 5})
    assert moved["state"]["track"]["spaces"][-1]["here"] == ["Bea's Dragon Hunter"]
    assert moved["state"]["crown_frozen"] is True

    ok(player, game_id, "attack_king", {"result": "won"})
    won = ok(player, game_id, "attack_king", {"result": "won", "with": "craft"})
    assert won["state"]["outcome"]["result"] == "won"
    assert won["state"]["outcome"]["winner"] == "2"
    refused = act(host, game_id, "draw_dragon_token", {"token": "rage"})
    assert refused.status_code == 400


def test_a_crowning_asks_where_a_character_off_the_board_stands(table):
    game_id, host, player = table["id"], table["host"], table["player"]
    ok(host, game_id, "move", {"space": "village"})
    ok(host, game_id, "draw_dragon_token", {"token": "strike"})
    ok(host, game_id, "draw_dragon_token", {"token": "cadorus"})
    ok(host, game_id, "draw_dragon_token", {"token": "cadorus"})
    ok(host, game_id, "next_turn")
    # Bea's Dragon Hunter has not moved yet: the app cannot place the scale without her space.
    refused = act(player, game_id, "draw_dragon_token", {"token": "cadorus"})
    assert refused.status_code == 400
    assert refused.json()["code"] == "space_unknown"
    crowned = ok(player, game_id, "draw_dragon_token", {"token": "cadorus", "space": "village"})
    # The Village already holds nothing, so the scale lands there.
    assert crowned["state"]["board_scales"] == {"village": "cadorus"}
    # The Conjurer later lands on the Village: the King's scale must be encountered.
    ok(player, game_id, "next_turn")
    ok(host, game_id, "draw_dragon_token", {"token": "slumber"})
    forced = act(host, game_id, "move", {"space": "village", "encounter": "space"})
    assert forced.status_code == 400
    assert forced.json()["code"] == "kings_scale_first"
    drawn = ok(host, game_id, "move", {"space": "village", "encounter": "scale"})
    assert drawn["state"]["encounter"]["lord"] == "cadorus"
    assert drawn["state"]["decks"]["cadorus"]["draw_size"] == 55


def test_an_outsider_cannot_act_on_the_table(table):
    other = create(SETUP)
    response = client_for(other["token"]).post(
        f"/api/v1/games/{table['id']}/actions/",
        {"type": "draw_dragon_token", "args": {"token": "rage"}, "expected_version": 1},
        format="json",
    )
    assert response.status_code == 404
