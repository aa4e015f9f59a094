"""Decks hold their true number of cards, known or not, through the API: a new Quest read by the
hero who drew it (in private), a Companion's cost read when first revealed, a Dungeon Room read
when turned, a Treasure Room read when a Dungeon run draws it, and a dragon's card named "a card
we have not entered yet" from a table-owned Darkness Spreads deck. Each game starts with nothing
entered, runs to the prompt, is answered through the API and goes on; the next game of the same
group does not ask again."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from deck_tracker.models import Game
from tests.conftest import client_for
from tests.helpers import a_face

from .test_content_owners import group_of

pytestmark = pytest.mark.django_db

HOST = {"name": "Ada", "hero": "Wizard"}
A_QUEST = {
    "title": "Hunt the Onyx Wyrm",
    "test": "Spend an action where Onyx stands and roll a 6.",
    "reward": "Gain the Wyrm Hide: +1 to rolls against Onyx.",
    "location_rule": "none",
}


def create(client: APIClient, player: int, setup: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/api/v1/games/", {"host": HOST, "player": player, **setup}, format="json"
    )
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


def state_of(token: str, game_id: str) -> dict[str, Any]:
    return client_for(token).get(f"/api/v1/games/{game_id}/").json()["state"]


def read_pending(game_id: str, tokens: dict[str, str]) -> None:
    """Every card waiting to be read answered, each by the seat that may see it."""
    for _ in range(12):
        reading = state_of(tokens["1"], game_id)["reading"]
        if not reading:
            return
        seat = reading[0].get("seat") or "1"
        prompt = state_of(tokens[seat], game_id)["reading"][0]
        answered = act(tokens[seat], game_id, "read_card", {"face": a_face(prompt)})
        assert answered.status_code == 200, answered.content


def arrange(game_id: str, *changes: tuple[Any, ...]) -> None:
    """Set up a test position in the stored game (a card on top of a deck, a hero's place)."""
    game = Game.objects.get(pk=game_id)
    for *path, value in changes:
        node = game.state
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    game.save()


def on_top(game_id: str, deck: str, card: str) -> tuple[Any, ...]:
    draw = Game.objects.get(pk=game_id).state["decks"][deck]["draw"]
    return ("decks", deck, "draw", [c for c in draw if c != card] + [card])


def everything_a_phone_can_read(token: str, game_id: str) -> str:
    client = client_for(token)
    url = f"/api/v1/games/{game_id}/"
    bodies = [
        client.get(url).content.decode(),
        client.get(url + "events/", {"after": 0, "limit": 500}).content.decode(),
        client.get(url + "actions/").content.decode(),
    ]
    stream = client.get(url + "stream/", HTTP_LAST_EVENT_ID="0")
    bodies.append(b"".join(stream.streaming_content).decode())
    return "\n".join(bodies)


def test_a_new_quest_is_read_by_the_hero_who_drew_it_and_the_others_see_only_that() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    game = create(host, player, {"expansions": ["dragon"], "generals": {"black": "onyx"}})
    joined = APIClient().post(
        "/api/v1/games/join/",
        {"join_code": game["join_code"], "name": "Bea", "hero": "Rogue"},
        format="json",
    )
    assert joined.status_code == 201, joined.content
    tokens = {"1": game["token"], "2": joined.json()["token"]}
    read_pending(game["id"], tokens)
    # A new Quest nobody has read yet (one dealt at the setup was read just now).
    quest = next(c for c in Game.objects.get(pk=game["id"]).state["decks"]["quest"]["draw"]
                 if c.startswith("dx-quest-"))  # fmt: skip
    arrange(game["id"], on_top(game["id"], "quest", quest))
    drawn = act(tokens["1"], game["id"], "draw_quest")
    assert drawn.status_code == 200, drawn.content
    assert [e["type"] for e in drawn.json()["events"]] == ["quest_drawn", "card_to_read"]
    ada = state_of(tokens["1"], game["id"])["reading"]
    assert ada[0]["card"] == quest and "title" in ada[0]["schema"]["properties"]
    # The phone's cold load brings the form of the card it shows first, whole: no second GET.
    lean = client_for(tokens["1"]).get(f"/api/v1/games/{game['id']}/?view=table").json()
    assert lean["state"]["reading"][0]["card"] == quest
    assert lean["state"]["reading"][0]["schema"] == ada[0]["schema"]
    bea = state_of(tokens["2"], game["id"])["reading"]
    assert bea == [{"id": ada[0]["id"], "seat": "1", "private": True,
                    "title": "Ada is reading a card", "name": "a card", "detail": ""}]  # fmt: skip
    seen_by_bea = everything_a_phone_can_read(tokens["2"], game["id"])
    assert "Ada is reading a card" in seen_by_bea
    assert '"title":"Quest card"' not in seen_by_bea
    assert "What the hero must do" not in seen_by_bea
    refused = act(tokens["2"], game["id"], "read_card", {"face": A_QUEST})
    assert refused.status_code == 400 and refused.json()["code"] == "not_your_card"
    blocked = act(tokens["2"], game["id"], "night", {"skip_evening": True})
    assert blocked.status_code == 400 and blocked.json()["code"] == "card_unread"
    assert "Ada is reading a card" in blocked.json()["detail"]

    answered = act(tokens["1"], game["id"], "read_card", {"face": A_QUEST})
    assert answered.status_code == 200, answered.content
    assert A_QUEST["title"] in answered.content.decode()  # Ada sees what she entered
    assert state_of(tokens["1"], game["id"])["reading"] == []
    seen_by_bea = everything_a_phone_can_read(tokens["2"], game["id"])
    for text in A_QUEST.values():
        if text != "none":
            assert text not in seen_by_bea
    assert "Ada has read the card and keeps it." in seen_by_bea
    # The game goes on; the group's next game knows the Quest and does not ask.
    night = act(tokens["1"], game["id"], "night", {"skip_evening": True})
    assert night.status_code == 200, night.content
    again = create(host, player, {"expansions": ["dragon"], "generals": {"black": "onyx"}})
    read_pending(again["id"], {"1": again["token"]})
    arrange(again["id"], on_top(again["id"], "quest", quest))
    drawn = act(again["token"], again["id"], "draw_quest")
    assert [e["type"] for e in drawn.json()["events"]] == ["quest_drawn"]


def _at_inn_with_torgg(game: dict[str, Any]) -> None:
    arrange(
        game["id"],
        ("heroes", "1", "location", "chimera-inn"),
        on_top(game["id"], "companion", "companion-torgg"),
    )


def test_a_companions_cost_is_read_when_first_revealed_and_known_to_the_next_game() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    setup = {"expansions": ["companions_catacombs"]}
    game = create(host, player, setup)
    _at_inn_with_torgg(game)
    recruit = act(game["token"], game["id"], "recruit", {"count": 1})
    assert recruit.status_code == 200, recruit.content
    assert [e["type"] for e in recruit.json()["events"]] == ["recruit_began", "card_to_read"]
    prompt = recruit.json()["state"]["reading"][0]
    assert prompt["name"] == "Torgg" and set(prompt["schema"]["required"]) == {"colour", "cards"}
    answered = act(game["token"], game["id"], "read_card", {"face": {"colour": "red", "cards": 2}})
    assert answered.status_code == 200, answered.content
    assert [e["type"] for e in answered.json()["events"]] == ["card_read", "recruit_ready"]
    assert act(game["token"], game["id"], "hire", {}).status_code == 200  # goes on
    again = create(host, player, setup)
    _at_inn_with_torgg(again)
    recruit = act(again["token"], again["id"], "recruit", {"count": 1})
    assert [e["type"] for e in recruit.json()["events"]] == ["recruit_began", "recruit_ready"]
    assert "Torgg" in recruit.json()["events"][-1]["summary"]


def _in_a_dungeon(game: dict[str, Any]) -> None:
    stored = Game.objects.get(pk=game["id"]).state
    where = next(iter(stored["dungeons"]))
    arrange(
        game["id"],
        ("heroes", "1", "location", where),
        on_top(game["id"], "dungeon_room", "dungeon-room-12"),
    )
    entered = act(game["token"], game["id"], "enter_dungeon")
    assert entered.status_code == 200, entered.content
    read_pending(game["id"], {"1": game["token"]})  # the Treasure Room drawn, if not known


CRYPT = {"title": "Crypt of the Bone King", "exploration_goal": 3}


def _at_a_dungeon_with_one_treasure_room(game: dict[str, Any], card: str) -> None:
    """Ada's hero at the starting Dungeon; the Treasure Room deck down to ``card`` (the others
    in the box), so that the card the app draws is that one."""
    stored = Game.objects.get(pk=game["id"]).state
    every = stored["decks"]["treasure_room"]["draw"]
    arrange(
        game["id"],
        ("heroes", "1", "location", next(iter(stored["dungeons"]))),
        ("decks", "treasure_room", "draw", [card]),
        ("decks", "treasure_room", "box", [c for c in every if c != card]),
    )


def test_a_treasure_room_is_read_when_drawn_and_known_to_the_next_game() -> None:
    host, group, player = group_of("ada", "Thursday table", "Ada")
    setup = {"expansions": ["companions_catacombs"]}
    game = create(host, player, setup)
    assert Game.objects.get(pk=game["id"]).state["decks"]["treasure_room"]["owner"] == "app"
    _at_a_dungeon_with_one_treasure_room(game, "treasure-room-02")
    entered = act(game["token"], game["id"], "enter_dungeon")
    assert entered.status_code == 200, entered.content
    assert [e["type"] for e in entered.json()["events"]] == ["card_to_read"]
    prompt = entered.json()["state"]["reading"][0]
    assert prompt["name"] == "A Treasure Room card" and prompt["card"] == "treasure-room-02"
    assert prompt["schema"]["title"] == "Treasure Room card"
    assert prompt["schema"]["required"] == ["title", "exploration_goal"]
    blocked = act(game["token"], game["id"], "reveal_dungeon_room")
    assert blocked.status_code == 400 and blocked.json()["code"] == "card_unread"
    wrong = act(game["token"], game["id"], "read_card", {"face": {"title": "Crypt"}})
    assert wrong.status_code == 400 and wrong.json()["code"] == "invalid_arguments"

    answered = act(game["token"], game["id"], "read_card", {"face": CRYPT})
    assert answered.status_code == 200, answered.content
    events = answered.json()["events"]
    assert [e["type"] for e in events] == ["card_read", "dungeon_entered"]
    assert "Crypt of the Bone King: Exploration Goal 3." in events[-1]["steps"][1]["text"]
    run = answered.json()["state"]["dungeon_run"]
    assert run["treasure"] == "treasure-room-02" and run["goal"] == 3
    # The run goes on: the rooms are turned.
    turned = act(game["token"], game["id"], "reveal_dungeon_room")
    assert turned.status_code == 200, turned.content
    # Cards we know: the group's entries name the card and what was read from it.
    known = client_for(game["token"]).get(f"/api/v1/games/{game['id']}/content/").json()
    assert known["owner"] == "group"
    entries = [e for pack in known["packs"] for e in pack["entries"]]
    read = {e["field"]: e["shown"] for e in entries if e["item"] == "Treasure Room 2"}
    assert read == {"title": "Crypt of the Bone King", "Exploration Goal": "3"}
    export = host.get(f"/api/v1/groups/{group}/content/export/").json()
    values = export["packs"]["dotr-companions-catacombs"]["values"]
    assert values["decks/treasure_room/treasure-room-02/data.exploration_goal"] == 3

    again = create(host, player, setup)
    _at_a_dungeon_with_one_treasure_room(again, "treasure-room-02")
    entered = act(again["token"], again["id"], "enter_dungeon")
    assert [e["type"] for e in entered.json()["events"]] == ["dungeon_entered"]
    assert "Crypt of the Bone King" in entered.json()["events"][0]["steps"][1]["text"]
    assert entered.json()["state"]["dungeon_run"]["goal"] == 3


def test_a_dungeon_room_is_read_when_turned_and_known_to_the_next_game() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    setup = {"expansions": ["companions_catacombs"]}
    game = create(host, player, setup)
    assert Game.objects.get(pk=game["id"]).state["decks"]["dungeon_room"]["owner"] == "app"
    _in_a_dungeon(game)
    turned = act(game["token"], game["id"], "reveal_dungeon_room")
    assert [e["type"] for e in turned.json()["events"]] == ["card_to_read"]
    face = {"title": "Collapsing Hall", "exploration": 2}
    answered = act(game["token"], game["id"], "read_card", {"face": face})
    assert answered.status_code == 200, answered.content
    events = answered.json()["events"]
    assert [e["type"] for e in events] == ["card_read", "dungeon_room_revealed"]
    assert events[-1]["summary"] == "Dungeon Room: Collapsing Hall (Exploration 2)."
    resolved = act(game["token"], game["id"], "resolve_dungeon_room", {"completed": True})
    assert resolved.status_code == 200, resolved.content
    assert resolved.json()["state"]["dungeon_run"]["total"] == 2
    again = create(host, player, setup)
    _in_a_dungeon(again)
    turned = act(again["token"], again["id"], "reveal_dungeon_room")
    assert [e["type"] for e in turned.json()["events"]] == ["dungeon_room_revealed"]
    assert "Collapsing Hall" in turned.json()["events"][0]["summary"]


def test_a_table_owned_darkness_spreads_deck_names_a_dragon_card_not_entered_yet() -> None:
    host, _group, player = group_of("ada", "Thursday table", "Ada")
    setup = {
        "expansions": ["dragon"],
        "generals": {"black": "onyx"},
        "table_decks": ["darkness_spreads"],
    }
    game = create(host, player, setup)
    read_pending(game["id"], {"1": game["token"]})
    actions = client_for(game["token"]).get(f"/api/v1/games/{game['id']}/actions/").json()
    listed = actions["actions"] if isinstance(actions, dict) else actions
    night = next(a for a in listed if a["type"] == "night")
    offered = night["args"]["properties"]["cards"]["items"]["oneOf"]
    unread = [o for o in offered if o["title"] == "Onyx: a card we have not entered yet"]
    assert len(unread) == 1
    response = act(game["token"], game["id"], "night",
                   {"skip_evening": True, "cards": [unread[0]["const"]]})  # fmt: skip
    assert response.status_code == 200, response.content
    assert response.json()["events"][-1]["type"] == "card_to_read"
    prompt = response.json()["state"]["reading"][0]
    face = a_face(prompt, colour="black", location="dark-woods")
    answered = act(game["token"], game["id"], "read_card", {"face": face})
    assert answered.status_code == 200, answered.content
    types = [e["type"] for e in answered.json()["events"]]
    assert types[0] == "card_read" and "darkness_spreads_card" in types
    # The group's next game offers the card read by the locations it shows: not asked again.
    again = create(host, player, setup)
    read_pending(again["id"], {"1": again["token"]})
    actions = client_for(again["token"]).get(f"/api/v1/games/{again['id']}/actions/").json()
    listed = actions["actions"] if isinstance(actions, dict) else actions
    night = next(a for a in listed if a["type"] == "night")
    titles = {
        o["const"]: o["title"] for o in night["args"]["properties"]["cards"]["items"]["oneOf"]
    }
    card = prompt["card"]
    if card in titles:  # not drawn at the setup
        assert titles[card] == "Dark Woods"
        response = act(again["token"], again["id"], "night",
                       {"skip_evening": True, "cards": [card]})  # fmt: skip
        assert [e["type"] for e in response.json()["events"]][-1] == "turn_passed"
