"""A whole Skirmish of Battlefields through the HTTP API: two phones, one per side, to victory."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.test_content_owners import group_of
from tests.conftest import Table, client_for

pytestmark = pytest.mark.django_db

SETUP = {"system": "battlefields", "host": {"name": "Ada"}, "options": {"mode": "skirmish"}}


def open_war(host: Any = None, player: int | None = None) -> Table:
    """A war of two phones; with ``host`` (an account's client) and ``player``, the group's."""
    body = {**SETUP, "player": player} if player is not None else SETUP
    created = (host or client_for()).post("/api/v1/games/", body, format="json")
    assert created.status_code == 201, created.content
    game = created.json()
    joined = client_for().post(
        "/api/v1/games/join/", {"join_code": game["join_code"], "name": "Bea"}, format="json"
    )
    assert joined.status_code == 201, joined.content
    return Table(
        game_id=game["id"],
        join_code=game["join_code"],
        host=client_for(game["token"]),
        player=client_for(joined.json()["token"]),
        outsider=client_for(),
        host_token=game["token"],
        player_token=joined.json()["token"],
    )


def ok(table: Table, client: Any, action: str, args: dict[str, Any] | None = None) -> Any:
    response = table.act(client, action, args)
    assert response.status_code == 200, response.content
    return response.json()


def teach(table: Table, tile: str, **rules: Any) -> None:
    ok(table, table.host, "teach_tile", {"tile": tile, "reward_count": 1, **rules})


def card(name: str, number: int, colour: str) -> dict[str, Any]:
    return {"name": name, "number": number, "colour": colour, "swords": 1}


def test_the_scenarios_list_offers_battlefields_with_its_modes() -> None:
    listed = client_for().get("/api/v1/scenarios/").json()
    entry = next(s for s in listed if s["system"] == "battlefields")
    mode = next(o for o in entry["options"] if o["name"] == "mode")
    assert mode["allowed"] == ["skirmish", "standard", "heroic"]


def test_a_skirmish_from_setup_to_victory_with_undo_and_redo() -> None:
    table = open_war()
    ada, bea = table.host, table.player
    state = table.state(bea)
    assert state["system"] == "battlefields"
    assert [p["label"] for p in state["players"].values()] == ["Ada (minions)", "Bea (heroes)"]

    # Objectives: the minions, then the heroes, then one drawn by the table.
    ok(table, ada, "choose_objective", {"tile": "red-1"})
    ok(table, bea, "choose_objective", {"tile": "blue-1"})
    ok(table, ada, "draw_battlefields", {"tiles": ["capital"]})
    teach(table, "red-1", title="Blood Flats", activate=2)
    teach(table, "blue-1", title="Sea of Ice", activate=2, descending=True)
    teach(table, "capital", title="The Capital", set_size=2)

    # Not Bea's turn: the invaders begin.
    refused = table.act(bea, "play_card", {"battlefield": "blue-1", **card("Dwarf", 8, "blue")})
    assert refused.status_code == 400 and refused.json()["code"] == "not_available"

    ok(table, ada, "play_card", {"battlefield": "red-1", **card("Orc", 9, "green")})
    ok(table, ada, "finish_turn")
    ok(table, bea, "play_card", {"battlefield": "blue-1", **card("Dwarf", 8, "blue")})
    attacked = ok(table, bea, "finish_turn")
    assert attacked["state"]["turn"]["position"] == "A"

    won = ok(table, ada, "play_card", {"battlefield": "red-1", **card("Goblin", 5, "green")})
    assert [e["type"] for e in won["events"]][:2] == ["card_played", "battle_won"]
    assert all(step["rule"] for event in won["events"] for step in event["steps"])
    assert won["state"]["sides"]["minions"]["won_names"] == ["Blood Flats"]

    # Shared undo from the other phone takes the victory back; redo restores it.
    undone = ok(table, bea, "undo")
    field = {b["tile"]["id"]: b for b in undone["state"]["field"]}
    assert [c["name"] for c in field["red-1"]["cards"]["minions"]] == ["Orc"]
    assert undone["state"]["sides"]["minions"]["won"] == []
    redone = ok(table, ada, "redo")
    assert redone["state"]["sides"]["minions"]["won"] == ["red-1"]
    assert redone["state"]["pending"]["kind"] == "draw"

    ok(table, ada, "draw_battlefields", {"tiles": ["red-2"]})
    teach(table, "red-2", title="Fire River", activate=1)
    ok(table, ada, "finish_turn")

    # Descending order is checked with the rule named; 7 follows 8.
    repeat = table.act(bea, "play_card", {"battlefield": "blue-1", **card("Elf", 8, "blue")})
    assert repeat.status_code == 400
    assert repeat.json()["code"] == "descending_order"
    assert "Descending order" in repeat.json()["detail"]
    heroes = ok(table, bea, "play_card", {"battlefield": "blue-1", **card("Ranger", 7, "blue")})
    assert heroes["state"]["sides"]["heroes"]["won"] == ["blue-1"]
    ok(table, bea, "draw_battlefields", {"tiles": ["green-1"]})
    teach(table, "green-1", title="Orc Valley", activate=3)
    ok(table, bea, "finish_turn")

    final = ok(table, ada, "play_card", {"battlefield": "red-2", **card("Imp", 3, "red")})
    outcome = final["state"]["outcome"]
    assert outcome["result"] == "won" and outcome["side"] == "minions"
    assert "2 of one colour" in outcome["reason"]
    assert table.state(bea)["outcome"] == outcome
    over = table.act(bea, "play_card", {"battlefield": "green-1", **card("Elf", 6, "green")})
    assert over.status_code == 400

    # The log tells the war to any phone, each step with its rule.
    events = bea.get(table.url("events/") + "?after=0&limit=500").json()["events"]
    assert [e["type"] for e in events].count("battle_won") == 3
    assert events[-1]["type"] == "war_won"


def test_the_actions_listed_for_a_phone_name_its_turn() -> None:
    table = open_war()
    actions = {a["type"]: a for a in table.player.get(table.url("actions/")).json()["actions"]}
    # The minions choose their objective first: not the heroes' phone.
    assert actions["choose_objective"]["available"] is False
    assert actions["choose_objective"]["reason"] == "Only the minions decide this for their side."
    assert actions["play_card"]["available"] is False
    # The decks stay at the table: the phone lists no deck command.
    assert "draw" not in actions and "discard" not in actions


def test_a_tile_read_in_one_game_is_known_in_the_groups_next_game() -> None:
    host, _, player = group_of("ada", "Wargamers", "Ada")
    table = open_war(host, player)
    ok(table, table.host, "choose_objective", {"tile": "green-2"})
    ok(
        table,
        table.host,
        "teach_tile",
        {"tile": "green-2", "title": "Orc Valley", "activate": 3, "reward_count": 2},
    )

    later = host.post("/api/v1/games/", {**SETUP, "player": player}, format="json").json()
    pile = {t["id"]: t for t in later["state"]["tile_pile"]}
    assert pile["green-2"]["name"] == "Orc Valley" and pile["green-2"]["taught"] is True
    assert pile["green-2"]["activate"] == 3 and pile["green-2"]["reward_count"] == 2
    # Another table does not know the group's tile.
    stranger = client_for().post("/api/v1/games/", SETUP, format="json").json()
    assert {t["id"]: t for t in stranger["state"]["tile_pile"]}["green-2"]["taught"] is False


def test_a_phone_joining_a_full_war_is_refused() -> None:
    table = open_war()
    third = client_for().post(
        "/api/v1/games/join/", {"join_code": table.join_code, "name": "Cy"}, format="json"
    )
    assert third.status_code == 400
    assert third.json()["code"] == "table_full"
    assert [p["label"] for p in table.state()["players"].values()] == [
        "Ada (minions)",
        "Bea (heroes)",
    ]
