"""What a Talisman: The Dragon table reads from the box is taught once and remembered: each
teaching event's ``overlay_values`` join the entries of the table's group (the host signed in,
sitting as one of its players; the guest, a friend without an account, seated by the group's
owner), and the group's next game knows it from setup without asking again. An anonymous
table's game remembers it too, for itself only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.test_content_owners import group_of
from tests.api.test_talisman_dragon_api import act, ok
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


@dataclass
class Group:
    """A group's table: its host signed in, sitting as the group's player."""

    host: APIClient
    player: int
    group: int

    def create(self, setup: dict[str, Any]) -> dict[str, Any]:
        response = self.host.post("/api/v1/games/", {**setup, "player": self.player}, format="json")
        assert response.status_code == 201, response.content
        return response.json()

    def table(self, options: dict[str, Any]) -> dict[str, Any]:
        game = self.create(
            {
                "system": "talisman-dragon",
                "host": {"name": "Ann", "hero": "Conjurer"},
                "options": {"inner_region": "dragon-tower", **options},
            }
        )
        # Bea has no account: the owner seats her, so what her seat reads is the group's.
        bea = self.host.post(
            "/api/v1/players/",
            {"group": self.group, "name": f"Bea ({game['join_code']})"},
            format="json",
        ).json()["id"]
        joined = self.host.post(
            "/api/v1/games/join/",
            {"join_code": game["join_code"], "name": "Bea", "hero": "Dragon Hunter", "player": bea},
            format="json",
        )
        assert joined.status_code == 201, joined.content
        return {"id": game["id"], "host": game["token"], "player": joined.json()["token"], **game}


@pytest.fixture
def group() -> Group:
    host, group_id, player = group_of("ann", "Dragon hunters", "Ann")
    return Group(host=host, player=player, group=group_id)


def encounter_the_kings_scale(game: dict[str, Any], cards: list[str] | None = None) -> dict:
    """Cadorus is crowned and his scale lands on the Village; the Conjurer encounters it."""
    game_id, host, player = game["id"], game["host"], game["player"]
    ok(host, game_id, "move", {"space": "village"})
    for token in ("strike", "cadorus", "cadorus"):
        ok(host, game_id, "draw_dragon_token", {"token": token})
    ok(host, game_id, "next_turn")
    ok(player, game_id, "draw_dragon_token", {"token": "cadorus", "space": "village"})
    ok(player, game_id, "next_turn")
    ok(host, game_id, "draw_dragon_token", {"token": "slumber"})
    args: dict[str, Any] = {"space": "village", "encounter": "scale"}
    if cards:
        args["cards"] = cards
    return ok(host, game_id, "move", args)


def test_a_dragon_card_read_out_in_one_game_is_known_from_the_setup_of_the_next(group):
    first = group.table({})
    drawn = encounter_the_kings_scale(first)
    card = drawn["state"]["encounter"]["cards"][0]
    asked = {c["card"]: c for c in drawn["state"]["dragon_cards_out"]}[card]
    assert asked["kind"] is None and asked["name"] == "an unread Cadorus Card"
    named = ok(
        first["host"],
        first["id"],
        "name_dragon_card",
        {"deck": "cadorus", "card": card, "name": "Cave Wyrm", "kind": "enemy"},
    )
    assert named["events"][0]["data"]["overlay_values"]

    later = group.table({"dragon_decks": "table"})
    assert later["state"]["taught"][card] == {"name": "Cave Wyrm", "kind": "enemy"}
    stranger = client_for().post(
        "/api/v1/games/",
        {"system": "talisman-dragon", "options": {"dragon_decks": "table"}},
        format="json",
    )
    assert card not in stranger.json()["state"]["taught"]  # another table's card is its own
    again = encounter_the_kings_scale(later, cards=[card])
    out = {c["card"]: c for c in again["state"]["dragon_cards_out"]}[card]
    assert out == {"card": card, "deck": "cadorus", "name": "Cave Wyrm", "kind": "enemy"}


def test_the_bag_mix_and_a_lords_lives_entered_once_serve_every_later_game(group):
    mix = {"varthrax": 4, "cadorus": 4, "grilipus": 4, "strike": 2, "rage": 3, "slumber": 3}
    # Before the table has counted the bag, the app cannot draw from it.
    refused = client_for().post(
        "/api/v1/games/",
        {"system": "talisman-dragon", "options": {"token_draw": "app"}},
        format="json",
    )
    assert refused.status_code == 400
    group.table({"token_draw": "app", "bag_mix": mix, "lord_lives": {"grilipus": 7}})

    later = group.create({"system": "talisman-dragon", "options": {"token_draw": "app"}})
    assert later["state"]["settings"]["bag_mix"] == mix
    assert later["state"]["decks"]["dragon_tokens"]["draw_size"] == 20
    lives = {lord["id"]: lord["lives"] for lord in later["state"]["lords_view"]}
    assert lives == {"varthrax": None, "cadorus": None, "grilipus": 7}


def test_a_stairways_number_read_in_one_game_is_not_asked_in_the_next(group):
    first = group.table({})
    game_id, host, player = first["id"], first["host"], first["player"]
    for token in ("varthrax", "varthrax"):
        ok(host, game_id, "move", {"space": "chapel"})
        ok(host, game_id, "draw_dragon_token", {"token": token})
        ok(host, game_id, "next_turn")
        ok(player, game_id, "draw_dragon_token", {"token": "slumber"})
        ok(player, game_id, "next_turn")
    ok(host, game_id, "draw_dragon_token", {"token": "varthrax"})
    ok(host, game_id, "next_turn")
    ok(player, game_id, "draw_dragon_token", {"token": "slumber"})
    ok(player, game_id, "move", {"space": "portal-of-power"})
    ok(player, game_id, "enter_inner_region")
    ok(player, game_id, "tower_draw")
    ok(player, game_id, "tower_result", {"killed": 0})
    ok(player, game_id, "next_turn")
    ok(host, game_id, "draw_dragon_token", {"token": "slumber"})
    ok(host, game_id, "next_turn")
    ok(player, game_id, "draw_dragon_token", {"token": "slumber"})
    unknown = act(player, game_id, "tower_draw")
    assert unknown.status_code == 400
    ok(player, game_id, "tower_draw", {"count": 2})

    later = group.create({"system": "talisman-dragon", "options": {}})
    stair = {s["id"]: s for s in later["state"]["track"]["spaces"]}["tower-stair-1"]
    assert stair["draw"] == 2
    assert later["state"]["tower_draws"] == {"tower-stair-1": 2}
