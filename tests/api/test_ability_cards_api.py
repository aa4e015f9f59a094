"""The Hero's Calling's ability cards through the API: the table enters a card from its own copy
(its name, type and text are not published) once, and the group's next game offers it by name
and type when a hero is built ('Heroes in The Hero's Calling are constructed by combining 3
ability cards - one of each type: Combat, Control, Movement')."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.conftest import client_for

from .test_content_owners import create, group_of

pytestmark = pytest.mark.django_db

HC = {"host": {"name": "Ada", "hero": "Aria"}, "expansions": ["heros_calling"]}


def table(client: APIClient, player: int | None) -> dict[str, Any]:
    created = create(client, HC, player)
    assert created.status_code == 201, created.content
    body = created.json()
    return {"id": body["id"], "seat": client_for(body["token"])}


def send(game: dict[str, Any], kind: str, args: dict[str, Any]) -> Any:
    version = game["seat"].get(f"/api/v1/games/{game['id']}/").json()["version"]
    return game["seat"].post(
        f"/api/v1/games/{game['id']}/actions/",
        {"type": kind, "args": args, "expected_version": version},
        format="json",
    )


def choices(game: dict[str, Any], action: str, arg: str) -> dict[str, str]:
    listed = game["seat"].get(f"/api/v1/games/{game['id']}/actions/").json()["actions"]
    found = next(a for a in listed if a["type"] == action)
    return {c["const"]: c["title"] for c in found["args"]["properties"][arg].get("oneOf", [])}


def test_a_card_entered_once_is_offered_by_type_in_the_groups_next_game() -> None:
    client, _group, player = group_of("alice", "Thursday table", "Ada")
    first = table(client, player)
    assert choices(first, "choose_abilities", "combat") == {}
    entered = send(first, "read_ability",
                   {"name": "Fury", "type": "combat", "level_1": "Roll 1 extra die."})  # fmt: skip
    assert entered.status_code == 200, entered.content
    assert entered.json()["events"][0]["summary"] == (
        "Fury (Combat) is entered: the app offers it when a hero is built."
    )
    raven = send(first, "read_ability",
                 {"card": "ability-raven", "type": "movement", "level_1": "Scout."})  # fmt: skip
    assert raven.status_code == 200, raven.content
    # The group's next game knows both cards; the Raven is no Combat ability there either.
    second = table(client, player)
    assert choices(second, "choose_abilities", "combat") == {"ability-fury": "Fury"}
    assert choices(second, "choose_abilities", "movement") == {"ability-raven": "Raven (pet)"}
    wrong = send(
        second,
        "choose_abilities",
        {"combat": "ability-raven", "control": "x", "movement": "ability-fury"},
    )
    assert wrong.status_code == 400, wrong.content
    assert wrong.json()["code"] == "wrong_ability_type"
    # An anonymous table knows neither.
    assert choices(table(APIClient(), None), "choose_abilities", "combat") == {}


def test_an_ability_card_whose_name_is_too_long_as_an_id_answers_400() -> None:
    # 60 characters typed, 300 once written as the card's id: refused by name, never a 500.
    client, _group, player = group_of("alice", "Thursday table", "Ada")
    game = table(client, player)
    long = send(game, "read_ability", {"name": "\u33af" * 60, "type": "combat", "level_1": "x"})
    assert long.status_code == 400, long.content
    assert long.json()["code"] == "invalid_arguments"
    assert "name" in long.json()["fields"]
    assert choices(game, "choose_abilities", "combat") == {}
