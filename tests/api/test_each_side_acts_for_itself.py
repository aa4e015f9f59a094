"""Each side of Battlefields and each seat of Talisman: The Dragon acts only for itself.

Battlefields: Ada (the host, seat 1) plays the minions at position A, Bea (seat 2) the heroes at
position B. Talisman: Ann's Conjurer (seat 1) has the first turn, Bea's Dragon Hunter is seat 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from deck_tracker.models import GameEvent
from tests.api.test_battlefields_api import open_war
from tests.conftest import Table, client_for

pytestmark = pytest.mark.django_db


def refused(table: Table, client: Any, action: str, args: dict[str, Any], code: str) -> None:
    version = table.version()
    events = GameEvent.objects.filter(game_id=table.game_id).count()
    response = table.act(client, action, args)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code
    assert table.version() == version
    assert GameEvent.objects.filter(game_id=table.game_id).count() == events


def ok(table: Table, client: Any, action: str, args: dict[str, Any] | None = None) -> Any:
    response = table.act(client, action, args)
    assert response.status_code == 200, response.content
    return response.json()


def actions_of(table: Table, client: Any) -> dict[str, Any]:
    return {a["type"]: a for a in client.get(table.url("actions/")).json()["actions"]}


def war_under_way() -> Table:
    table = open_war()
    ok(table, table.host, "choose_objective", {"tile": "red-1"})
    ok(table, table.player, "choose_objective", {"tile": "blue-1"})
    ok(table, table.host, "draw_battlefields", {"tiles": ["capital"]})
    return table


def test_the_heroes_cannot_choose_the_minions_objective_nor_the_minions_the_heroes() -> None:
    table = open_war()
    assert actions_of(table, table.player)["choose_objective"]["available"] is False
    assert actions_of(table, table.host)["choose_objective"]["available"] is True
    refused(table, table.player, "choose_objective", {"tile": "red-1"}, "not_your_side")
    ok(table, table.host, "choose_objective", {"tile": "red-1"})
    refused(table, table.host, "choose_objective", {"tile": "blue-1"}, "not_your_side")
    ok(table, table.player, "choose_objective", {"tile": "blue-1"})


def test_a_player_plays_special_cards_from_their_own_hand_only() -> None:
    table = war_under_way()
    refused(
        table, table.player, "play_special_card", {"name": "Rally", "player": "A"}, "not_your_seat"
    )
    played = ok(table, table.player, "play_special_card", {"name": "Rally"})
    assert played["events"][0]["data"]["player"] == "B"


def test_a_side_spends_the_tokens_of_its_own_generals_only() -> None:
    table = war_under_way()
    ok(table, table.host, "send_general", {"battlefield": "red-1", "general": "Minion General 1"})
    spend = {"battlefield": "red-1", "general": "Minion General 1", "count": 2}
    refused(table, table.player, "spend_tokens", spend, "not_your_side")
    ok(table, table.host, "spend_tokens", spend)


def test_a_side_declares_only_its_own_battle_won() -> None:
    table = war_under_way()
    claim = {"battlefield": "red-1", "side": "minions", "reason": "Dragon's ability"}
    refused(table, table.player, "claim_battlefield", claim, "not_your_side")
    ok(table, table.host, "claim_battlefield", claim)


def test_an_ability_that_makes_the_opponent_discard_is_entered_by_the_attacker_and_logged() -> None:
    table = war_under_way()
    # Undead Fear (the rulebook's example): the minion player sends a hero card to the discard.
    lost = ok(table, table.host, "lose_cards", {"player": "B", "count": 1, "cause": "Undead Fear"})
    event = lost["events"][0]
    assert event["actor"] == "1" and event["data"]["player"] == "B"
    assert event["data"]["entered_by"] == "A"
    assert any("Ada (minions)" in step["text"] for step in event["steps"])
    assert lost["state"]["players"]["B"]["short"] is True


TALISMAN = {
    "system": "talisman-dragon",
    "host": {"name": "Ann", "hero": "Conjurer"},
    "options": {"inner_region": "dragon-tower"},
}


@pytest.fixture
def talisman() -> Table:
    anonymous = client_for()
    game = anonymous.post("/api/v1/games/", TALISMAN, format="json").json()
    joined = anonymous.post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Dragon Hunter"},
        format="json",
    ).json()
    return Table(
        game_id=game["id"],
        join_code=game["join_code"],
        host=client_for(game["token"]),
        player=client_for(joined["token"]),
        outsider=client_for(),
        host_token=game["token"],
        player_token=joined["token"],
    )


def test_a_seat_cannot_replace_another_seats_character_on_its_turn(talisman: Table) -> None:
    refused(
        talisman,
        talisman.player,
        "new_character",
        {"name": "Dragon Rider", "seat": "1"},
        "not_your_seat",
    )
    assert talisman.state()["characters"]["1"]["name"] == "Conjurer"
    ok(talisman, talisman.player, "new_character", {"name": "Dragon Rider"})
    assert talisman.state()["characters"]["2"]["name"] == "Dragon Rider"


def test_a_seat_names_the_opponents_and_cancels_the_rage_of_its_own_character(
    talisman: Table,
) -> None:
    refused(
        talisman,
        talisman.player,
        "set_opponents",
        {"lords": ["varthrax"], "seat": "1"},
        "not_your_seat",
    )
    refused(
        talisman,
        talisman.player,
        "cancel_dragon_rage",
        {"lord": "varthrax", "seat": "1"},
        "not_your_seat",
    )


def test_only_the_seat_whose_turn_it_is_takes_the_turn(talisman: Table) -> None:
    assert actions_of(talisman, talisman.player)["draw_dragon_token"]["available"] is False
    refused(talisman, talisman.player, "move", {"space": "chapel"}, "not_your_turn")
    refused(talisman, talisman.player, "draw_dragon_token", {"token": "slumber"}, "not_your_turn")
    ok(talisman, talisman.host, "move", {"space": "chapel"})
    ok(talisman, talisman.host, "draw_dragon_token", {"token": "slumber"})
    refused(talisman, talisman.player, "next_turn", {}, "not_your_turn")
    ok(talisman, talisman.host, "next_turn")
    ok(talisman, talisman.player, "draw_dragon_token", {"token": "slumber"})
