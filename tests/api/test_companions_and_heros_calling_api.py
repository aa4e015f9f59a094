"""Companions & Catacombs and The Hero's Calling through the API: setup, a recruit, a night."""

from __future__ import annotations

import pytest

from tests.conftest import client_for

from .test_dotr_api import act, create

pytestmark = pytest.mark.django_db


def test_a_game_with_both_expansions_recruits_and_plays_the_war_status_card() -> None:
    game = create(
        {
            "host": {"name": "Ada", "hero": "Aria"},
            "expansions": ["companions_catacombs", "heros_calling"],
            "starting_dungeon_roll": 2,
        }
    )
    state = game["state"]
    assert state["expansions"] == ["companions_catacombs", "heros_calling"]
    assert list(state["dungeons"]) == ["serpent-swamp"]
    assert state["heros_calling"]["war_status_name"] == "Early War"
    assert state["decks"]["companion"]["draw_size"] == 38  # Land Ablaze boxed without Dragon
    # All 31 Dungeon Rooms, held by the app (a room nobody entered is read when turned).
    assert state["decks"]["dungeon_room"]["owner"] == "app"
    assert state["decks"]["dungeon_room"]["draw_size"] == 31
    assert state["settings"]["extra_cards_general_only"] == "war_status_card"
    assert state["supply"]["warlords"] == 10
    token, game_id = game["token"], game["id"]
    assert act(token, game_id, "move_hero", {"location": "Chimera Inn"}).status_code == 200
    response = act(token, game_id, "recruit", {"count": 2})
    assert response.status_code == 200, response.content
    events = response.json()["events"]
    assert events[0]["type"] == "recruit_began" and len(events[0]["data"]["cards"]) == 2
    assert all(step["rule"] for event in events for step in event["steps"])
    actions = client_for(token).get(f"/api/v1/games/{game_id}/actions/").json()
    names = {a["type"] for a in actions["actions"]}
    assert {"recruit", "hire", "attack_troll", "enter_dungeon", "choose_abilities"} <= names


def test_an_unknown_expansion_is_refused_naming_the_field() -> None:
    response = client_for().post("/api/v1/games/", {"expansions": ["catacombs"]}, format="json")
    assert response.status_code == 400
    assert "expansions" in response.json()["fields"]
