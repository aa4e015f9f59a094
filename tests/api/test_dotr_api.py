"""A Defenders of the Realm table through the API: setup, joining heroes, the night, table decks."""

from __future__ import annotations

import pytest

from deck_tracker.models import Game
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

COLOURS = ("green", "black", "red", "blue")


def create(setup: dict) -> dict:
    response = client_for().post("/api/v1/games/", setup, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def act(token: str, game_id: str, type: str, args: dict | None = None):
    client = client_for(token)
    version = client.get(f"/api/v1/games/{game_id}/").json()["version"]
    return client.post(
        f"/api/v1/games/{game_id}/actions/",
        {"type": type, "args": args or {}, "expected_version": version},
        format="json",
    )


def test_an_empty_setup_creates_a_base_game_with_its_checklist():
    game = create({})
    state = game["state"]
    assert state["system"] == "dotr"
    assert len(state["board"]) == 45
    assert state["war_status"] == "early"
    on_board = {c: sum(s["minions"][c] for s in state["board"].values()) for c in COLOURS}
    # 3 with each General, then 3 cards x 2 locations x 2 and 3 cards x 2 locations x 1: 30 in all
    assert sum(on_board.values()) == 12 + 12 + 6
    for colour in COLOURS:
        assert on_board[colour] + state["supply"]["minions"][colour] == 25
    assert state["supply"]["taint"] == 12
    for general in state["generals"].values():
        assert state["board"][general["location"]]["minions"][general["colour"]] >= 3
    steps = [step for event in game["events"] for step in event["steps"]]
    assert len(steps) >= 10
    assert all(step["text"] and step["rule"] for step in steps)
    assert state["decks"]["darkness_spreads"]["draw_size"] == 56


def test_the_host_and_a_joining_player_enter_with_their_heroes():
    game = create({"host": {"name": "Ada", "hero": "Wizard"}})
    assert game["state"]["heroes"]["1"]["location"] == "monarch-city"
    assert len(game["state"]["hands"]["1"]) == 3  # 2 Hero Cards and 1 Quest
    joined = (
        client_for()
        .post(
            "/api/v1/games/join/",
            {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
            format="json",
        )
        .json()
    )
    state = joined["state"]
    assert state["heroes"]["2"]["hero"] == "rogue"
    assert state["heroes"]["2"]["life"] == state["heroes"]["2"]["max_life"]
    assert len(state["hands"]["2"]) == 3
    taken = client_for().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Cy", "hero": "rogue"},
        format="json",
    )
    assert taken.status_code == 400
    assert taken.json()["code"] == "hero_taken"


def test_a_night_resolves_darkness_spreads_with_steps_and_rules_and_undo_restores_the_board():
    game = create({"host": {"name": "Ada", "hero": "Paladin"}})
    assert act(game["token"], game["id"], "end_turn").status_code == 200  # the evening first
    before = Game.objects.get(pk=game["id"]).state
    response = act(game["token"], game["id"], "night")
    assert response.status_code == 200, response.content
    events = response.json()["events"]
    cards = [event for event in events if event["type"] == "darkness_spreads_card"]
    assert len(cards) == 1  # Early War: one card
    assert all(step["rule"] for event in events for step in event["steps"])
    after = response.json()["state"]
    assert after["decks"]["darkness_spreads"]["discard"][-1] == cards[0]["data"]["card"]
    undone = act(game["token"], game["id"], "undo")
    assert undone.status_code == 200
    restored = Game.objects.get(pk=game["id"]).state
    for key in ("board", "supply", "generals", "decks", "turn"):
        assert restored[key] == before[key]


def test_a_table_owned_darkness_spreads_deck_resolves_the_cards_the_table_drew():
    game = create({"table_decks": ["darkness_spreads"]})
    state = game["state"]
    assert state["decks"]["darkness_spreads"]["owner"] == "table"
    pack = client_for().get("/api/v1/content/dotr-base/").json()
    standard = [
        card["id"]
        for card in pack["decks"]["darkness_spreads"]["cards"]
        if card["kind"] == "standard"
        and card["id"] not in state["decks"]["darkness_spreads"]["discard"]
    ]
    refused = act(game["token"], game["id"], "night", {"cards": ["ds-no-such-card"]})
    assert refused.status_code == 400
    assert refused.json()["code"] == "unknown_card"
    missing = act(game["token"], game["id"], "night")
    assert missing.status_code == 400
    response = act(game["token"], game["id"], "night", {"cards": [standard[0]]})
    assert response.status_code == 200, response.content
    resolved = [e for e in response.json()["events"] if e["type"] == "darkness_spreads_card"]
    assert resolved[0]["data"]["card"] == standard[0]
    again = act(game["token"], game["id"], "night", {"cards": [standard[0]]})
    assert again.status_code == 400
    assert again.json()["code"] == "card_not_in_pile"


def test_setup_options_are_validated_and_kept():
    bad = client_for().post("/api/v1/games/", {"options": {"harder_setup": "maybe"}}, format="json")
    assert bad.status_code == 400
    assert "options.harder_setup" in bad.json()["fields"]
    unknown = client_for().post(
        "/api/v1/games/", {"options": {"colour_blind": True}}, format="json"
    )
    assert unknown.status_code == 400
    game = create({"options": {"disputed_roads": True}})
    assert game["state"]["settings"]["disputed_roads"] is True


def test_scenarios_list_the_standard_game_and_its_options(client):
    scenarios = {s["id"]: s for s in client.get("/api/v1/scenarios/").json()}
    options = {o["name"]: o for o in scenarios["standard"]["options"]}
    assert (
        options["extra_cards_general_only"]["default"]
        in options["extra_cards_general_only"]["allowed"]
    )
    assert options["disputed_roads"]["default"] is False


@pytest.mark.parametrize(
    "setup,field",
    [
        ({"generals": {"red": "brimstone"}}, "generals"),
        ({"generals": 5}, "generals"),
        ({"easier": ["keep_all_is_quiet"]}, "easier"),
        ({"boxed_specials": ["special-magic-gate"]}, "boxed_specials"),
        ({"expansion": ["dragon"]}, "expansion"),
    ],
)
def test_a_setup_field_the_game_would_ignore_is_refused(setup, field):
    response = client_for().post("/api/v1/games/", setup, format="json")
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]


def test_a_base_game_lists_no_expansion_action_and_refuses_one_sent_anyway():
    game = create({})
    actions = {
        a["type"]: a
        for a in client_for(game["token"])
        .get(f"/api/v1/games/{game['id']}/actions/")
        .json()["actions"]
    }
    assert actions["night"]["available"] is True
    assert actions["defeat_minions"]["available"] is True
    for name in ("search_sterling", "winds_of_war", "recruit", "choose_abilities", "douse_fire"):
        assert name not in actions
    sent = client_for(game["token"]).post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": "search_sterling", "args": {}, "expected_version": game["version"]},
        format="json",
    )
    assert sent.status_code == 400, sent.content
    assert "Dragon expansion" in sent.json()["detail"]
    dragon = create({"expansions": ["dragon"], "options": {"sterling": True}})
    listed = client_for(dragon["token"]).get(f"/api/v1/games/{dragon['id']}/actions/").json()
    assert {a["type"]: a for a in listed["actions"]}["search_sterling"]["available"] is True


def test_every_seat_sees_which_scenario_is_played_and_its_special_rules():
    game = create({"scenario": "onslaught", "expansions": ["dragon"]})
    scenario = game["state"]["scenario"]
    assert scenario["id"] == "onslaught"
    assert "rules" in scenario
